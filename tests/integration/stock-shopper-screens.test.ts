import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, onPostgres, shippingFields, sql, sqlNow, TestClient } from "./app";

/**
 * Issue 27, the shopper's screens as a browser without JavaScript gets them: the catalogue's
 * labels, the checkout's option picker, a refusal that keeps what was typed, the hold on the
 * payment step (and a payment refused once the units are gone), the waitlist form.
 */
const shipping = shippingFields();
const text = (html: string) => html.replaceAll("<!-- -->", "");

beforeAll(async () => void (await loadApp()));

const demoShopId = async () => (await sql<{ id: number }[]>("select id from shops where subdomain = 'demo'"))[0]!.id;
const orderCount = async () => (await sql<{ n: number }[]>("select count(*) as n from orders"))[0]!.n;

async function product(name: string, priceCents: number, options: unknown[] = []) {
  const [row] = await sql<{ id: number }[]>(
    `insert into products (shop_id, name, price_cents, options, created_at, updated_at) values (?, ?, ?, ?, ${sqlNow()}, ${sqlNow()}) returning id`,
    await demoShopId(),
    name,
    priceCents,
    JSON.stringify(options),
  );
  return row!.id;
}

async function variant(productId: number, size: string | null, stock: number | null, priceCents: number | null = null) {
  const [row] = await sql<{ id: number }[]>(
    `insert into product_variants (product_id, shop_id, options, option_key, stock, price_cents, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ${sqlNow()}, ${sqlNow()}) returning id`,
    productId,
    await demoShopId(),
    JSON.stringify(size ? { Size: size } : {}),
    size ? `size=${size.toLowerCase()}` : "",
    stock,
    priceCents,
  );
  return row!.id;
}

/** A product without options whose units are counted. */
async function counted(name: string, stock: number, priceCents = 2000) {
  const id = await product(name, priceCents);
  return { id, variantId: await variant(id, null, stock) };
}

/** Sizes S (sold out), M (2 left, 30.00) and L (plenty, the product's 25.00). */
async function sweater(name: string) {
  const id = await product(name, 2500, [{ name: "Size", values: ["S", "M", "L"] }]);
  return { id, s: await variant(id, "S", 0), m: await variant(id, "M", 2, 3000), l: await variant(id, "L", 50) };
}

async function shopper() {
  const client = new TestClient("demo.localhost:3000");
  await client.request("/products");
  return client;
}

describe("the catalogue", () => {
  it("labels sold-out and low products, shows a price range, and links a sold-out one to its waitlist", async () => {
    const soldOut = await counted("Aaa Gone Mug", 0);
    await counted("Aaa Last Mugs", 2);
    await sweater("Aaa Range Sweater");
    const html = text((await (await shopper()).html("/products?search=aaa")).html);
    const card = (name: string) => html.slice(html.indexOf(name), html.indexOf("</article>", html.indexOf(name)));
    expect(card("Aaa Gone Mug")).toContain("Sold out");
    expect(card("Aaa Gone Mug")).toContain(`href="/?product_id=${soldOut.id}"`);
    expect(card("Aaa Gone Mug")).toContain("Tell me when it is back");
    expect(card("Aaa Gone Mug")).not.toContain("Buy now");
    expect(card("Aaa Last Mugs")).toContain("Only 2 left");
    expect(card("Aaa Last Mugs")).toContain("Buy now");
    expect(card("Aaa Range Sweater")).toContain("from €25.00");
    expect(card("Aaa Range Sweater")).toContain("In stock");
    const french = text((await (await shopper()).html("/products?search=aaa", { headers: { "Accept-Language": "fr" } })).html);
    expect(french).toContain("Épuisé");
    expect(french).toContain("Plus que 2");
    expect(french).toContain("à partir de 25,00");
  });
});

describe("the checkout of a product with options", () => {
  it("shows the picker: a sold-out size disabled, a low one labelled; the form comes once a size is chosen", async () => {
    const item = await sweater("Picker Sweater");
    const client = await shopper();
    const page = text((await client.html(`/?product_id=${item.id}`)).html);
    const radio = (value: string) =>
      [...page.matchAll(/<input type="radio"[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`value="${value}"`));
    expect(radio("S")).toContain('disabled=""');
    expect(radio("M")).not.toContain("disabled");
    expect(radio("M")).toContain('name="o0"');
    expect(page).toContain("Only 2 left");
    expect(page).toContain("Choose your options above to continue.");
    expect(page).not.toContain('name="full_name"');
    const chosen = text((await client.html(`/?product_id=${item.id}&o0=M`)).html);
    expect(chosen).toContain(`name="variant" value="${item.m}"`);
    expect(chosen).toContain('name="full_name"');
    expect(chosen).toMatch(/data-testid="summary-variant"[^>]*>M</);
    expect(chosen).toContain("€30.00");
    // A link may name the variant itself (a waitlist mail's, a shared one).
    expect(text((await client.html(`/?product_id=${item.id}&variant=${item.l}`)).html)).toContain(`name="variant" value="${item.l}"`);
  });

  it("more than is left: the form says Only 2 left, keeps what was typed, and creates nothing; then the order holds its units", async () => {
    const item = await sweater("Refused Sweater");
    const client = await shopper();
    const before = await orderCount();
    const form = { intent: "shipping", ...shipping, product_id: String(item.id), variant: String(item.m) };
    const refused = await client.request(`/?index&product_id=${item.id}&o0=M`, { form: { ...form, quantity: "3", total_amount: "90.00" } });
    expect(refused.status).toBe(409);
    const html = text(await refused.text());
    expect(html).toMatch(/role="alert"[^>]*><p>Only 2 left<\/p>/);
    expect(html).toContain('value="Paul Shopper"');
    expect(await orderCount()).toBe(before);
    const placed = await client.request(`/?index&product_id=${item.id}&o0=M`, { form: { ...form, quantity: "2", total_amount: "60.00" } });
    expect(placed.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    const [row] = await sql<{ variant_name: string; price_cents: number }[]>(
      "select variant_name, price_cents from order_items where order_id = ?",
      orderId,
    );
    expect(row).toEqual({ variant_name: "M", price_cents: 3000 });
    // The payment step: until when it is held (UTC without JavaScript), and the line with its size.
    const payment = text((await client.html(`/?order=${orderId}&step=payment`)).html);
    expect(payment).toMatch(/We keep it for you until \d{1,2}:\d{2}\s?(AM|PM)?\s?UTC/);
    expect(payment).toContain("2 × Refused Sweater (M)");
    expect(text((await client.html(`/order-confirmation/${orderId}`)).html)).toContain("2 × Refused Sweater (M)");
    // Now sold out: the next shopper is told so on the page, with the waitlist.
    const next = text((await (await shopper()).html(`/?product_id=${item.id}&o0=M`)).html);
    expect(next).toContain('data-testid="purchase-sold-out"');
    expect(next).toContain("We will email you once when it is back; your address is used for nothing else.");
    expect(next).not.toContain('name="full_name"');
  });

  it("after the hold ended and the units went to someone else, the payment step says sold out and the card is never charged", async () => {
    const item = await counted("Lapsed Lamp", 1, 2500);
    const client = await shopper();
    const placed = await client.request(`/?index&product_id=${item.id}`, {
      form: { intent: "shipping", ...shipping, product_id: String(item.id), quantity: "1", total_amount: "25.00" },
    });
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    // The hold ran out ten minutes ago and another shopper took the unit.
    await sql("update stock_holds set expires_at = ? where order_id = ?", pastTime(), orderId);
    await sql("update orders set reserved_until = ? where id = ?", pastTime(), orderId);
    const other = await shopper();
    const taken = await other.request(`/?index&product_id=${item.id}`, {
      form: { intent: "shipping", ...shipping, product_id: String(item.id), quantity: "1", total_amount: "25.00" },
    });
    expect(taken.status).toBe(302);
    const page = text((await client.html(`/?order=${orderId}&step=payment`)).html);
    expect(page).toContain('data-testid="hold-sold-out"');
    expect(page).toContain("You have not been charged.");
    expect(page).not.toContain('name="card_number"');
    const paid = await client.request(`/?index&order=${orderId}&step=payment`, {
      form: { intent: "pay-card", order: String(orderId), card_number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
    });
    expect(paid.status).toBe(409);
    expect(text(await paid.text())).toContain("Sold out");
    const [order] = await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId);
    expect(order!.payment_status).not.toBe("succeeded");
    const charged = await sql<{ n: number }[]>(
      "select count(*) as n from simulated_payment_intents i join payment_transactions t on t.provider_payment_id = i.id where t.order_id = ? and i.status = 'succeeded'",
      orderId,
    );
    expect(charged[0]!.n).toBe(0);
  });
});

/** Ten minutes ago, as each engine stores a timestamp. */
function pastTime(): number | Date {
  const at = Date.now() - 10 * 60_000;
  return onPostgres() ? new Date(at) : at;
}

describe("the waitlist form", () => {
  it("takes an email on a sold-out product without JavaScript, says so, and refuses a bad email in place", async () => {
    const item = await counted("Waited Vase", 0);
    const client = await shopper();
    const post = (email: string, headers?: Record<string, string>) =>
      client.request(`/?index&product_id=${item.id}`, {
        form: { intent: "waitlist", product: String(item.id), email },
        clientAddress: "198.51.100.27",
        headers,
      });
    const joined = await post("Vera@Example.test");
    expect(joined.status).toBe(200);
    expect(text(await joined.text())).toContain("Done: we will email vera@example.test once when it is back.");
    const rows = await sql<{ email: string; language: string }[]>(
      "select email, language from waitlist_entries where product_id = ?",
      item.id,
    );
    expect(rows).toEqual([{ email: "vera@example.test", language: "en" }]);
    const bad = await post("nope", { "Accept-Language": "fr" });
    expect(bad.status).toBe(400);
    const badPage = text(await bad.text());
    expect(badPage).toContain("Veuillez saisir une adresse e-mail valide");
    // Without JavaScript the page is drawn again: what was typed is still in the field, marked and described by its error.
    const emailField = /<input[^>]*name="email"[^>]*>/.exec(badPage.split('data-testid="waitlist-form"')[1] ?? "")?.[0] ?? "";
    expect(emailField).toContain('value="nope"');
    expect(emailField).toContain('aria-invalid="true"');
    expect(emailField).toMatch(/aria-describedby="[^"]*-error"/);
    // Units can be bought: nothing to wait for.
    const available = await counted("Plenty Vase", 9);
    const refused = await client.request(`/?index&product_id=${available.id}`, {
      form: { intent: "waitlist", product: String(available.id), email: "vera@example.test" },
      clientAddress: "198.51.100.27",
    });
    expect(refused.status).toBe(409);
    expect(text(await refused.text())).toContain("This item is available: you can buy it now");
    expect((await sql<{ n: number }[]>("select count(*) as n from waitlist_entries where product_id = ?", available.id))[0]!.n).toBe(0);
  });
});
