import { describe, expect, it } from "vitest";
import { shippingFields, sql, sqlNow, TestClient } from "./app";

/** Issue 28: the bag, through whole requests (plain posts, as without JavaScript, and the fetchers' answers). */
const SHOP = "demo.localhost:3000";
const text = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const productId = async (name: string) => (await sql<{ id: number }[]>("select id from products where name = ?", name))[0]!.id;
const variantId = async (product: string, size: string, colour: string) =>
  (
    await sql<{ id: number; options: string | Record<string, string> }[]>(
      "select v.id, v.options from product_variants v join products p on p.id = v.product_id where p.name = ?",
      product,
    )
  ).find((v) => {
    const options = typeof v.options === "string" ? (JSON.parse(v.options) as Record<string, string>) : v.options;
    return options.Size === size && options.Colour === colour;
  })!.id;
const bagLineCount = async () => (await sql<{ n: number }[]>("select count(*) as n from bag_lines"))[0]!.n;
const orderCount = async () => (await sql<{ n: number }[]>("select count(*) as n from orders"))[0]!.n;

async function shopper() {
  const client = new TestClient(SHOP);
  await client.request("/products");
  return client;
}
const add = (client: TestClient, form: Record<string, string>, headers: Record<string, string> = {}) =>
  client.request("/bag", { form: { intent: "add", ...form }, headers });
const lineIds = async (client: TestClient) => [
  ...new Set([...text((await client.html("/bag")).html).matchAll(/name="line" value="(\d+)"/g)].map((m) => m[1]!)),
];

describe("the bag's page and its forms", () => {
  it("adds products (with and without options), merges the same variant, shows the lines, the subtotal and the header's count", async () => {
    const client = await shopper();
    const sweater = await productId("Chunky Knit Sweater");
    const mRed = await variantId("Chunky Knit Sweater", "M", "Red");
    const added = await add(client, { product: "1" });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/bag");
    expect(client.cookies.get("bag_count")).toBe("1");
    expect(client.cookies.has("shopper")).toBe(true);
    await add(client, { product: String(sweater), variant: String(mRed), quantity: "1" });
    await add(client, { product: String(sweater), variant: String(mRed), quantity: "1" });
    expect(client.cookies.get("bag_count")).toBe("3");
    const page = text((await client.html("/bag")).html);
    expect(page).toContain("Silk Scarf Aurora");
    expect(page).toContain("Chunky Knit Sweater (M / Red)");
    expect(page).toContain("€157.00"); // 39 + 2 × 59
    expect(page).toMatch(/data-testid="bag-count"[^>]*>3</);
    expect(await lineIds(client)).toHaveLength(2);
    // Every shop page's header says it, from the small cookie.
    expect(text((await client.html("/products")).html)).toMatch(/aria-label="Bag, 3 items"/);
  });

  it("changes a quantity and removes a line (plain posts back to the bag; a fetcher's answer in place)", async () => {
    const client = await shopper();
    await add(client, { product: "1" });
    const [line] = await lineIds(client);
    const changed = await client.request("/bag", { form: { intent: "quantity", line: line!, quantity: "3" } });
    expect(changed.status).toBe(302);
    expect(client.cookies.get("bag_count")).toBe("3");
    expect(text((await client.html("/bag")).html)).toContain("€117.00");
    const inPlace = await client.request("/bag", { form: { intent: "quantity", line: line!, quantity: "2", stay: "1" } });
    expect(inPlace.status).toBe(200);
    expect(client.cookies.get("bag_count")).toBe("2");
    const removed = await client.request("/bag", { form: { intent: "remove", line: line! } });
    expect(removed.status).toBe(302);
    expect(client.cookies.has("bag_count")).toBe(false);
    expect(text((await client.html("/bag")).html)).toContain("Your bag is empty");
  });

  it("refuses a quantity above stock with a clear 409 in both languages, nothing stored", async () => {
    const client = await shopper();
    const lamp = await productId("Table Lamp Dune"); // 2 left
    const before = await bagLineCount();
    const english = await add(client, { product: String(lamp), quantity: "3" });
    expect(english.status).toBe(409);
    expect(text(await english.text())).toContain("Table Lamp Dune: only 2 left");
    const french = await add(client, { product: String(lamp), quantity: "3" }, { "Accept-Language": "fr" });
    expect(french.status).toBe(409);
    expect(text(await french.text())).toContain("Table Lamp Dune : plus que 2");
    expect(await bagLineCount()).toBe(before);
    // A line changed above what is left is refused the same way.
    await add(client, { product: String(lamp), quantity: "1" });
    const [line] = await lineIds(client);
    const over = await client.request("/bag", { form: { intent: "quantity", line: line!, quantity: "5" } });
    expect(over.status).toBe(409);
    expect(await sql("select quantity from bag_lines where id = ?", Number(line))).toEqual([{ quantity: 1 }]);
  });

  it("says a refused quantity at its line without JavaScript, keeping what was typed there", async () => {
    const client = await shopper();
    await add(client, { product: "1" });
    await add(client, { product: String(await productId("Table Lamp Dune")) }); // 2 left
    const rowsOf = (html: string) => text(html).split('data-testid="bag-line"').slice(1);
    const rowOf = (html: string, name: string) => rowsOf(html).find((row) => row.includes(name)) ?? "";
    const lineOf = (row: string) => /name="line" value="(\d+)"/.exec(row)?.[1] ?? "";
    const quantityField = (row: string) => /<input[^>]*name="quantity"[^>]*>/.exec(row)?.[0] ?? "";
    const page = (await client.html("/bag")).html;
    const [scarf, lamp] = [lineOf(rowOf(page, "Silk Scarf Aurora")), lineOf(rowOf(page, "Table Lamp Dune"))];

    const over = await client.html("/bag", { form: { intent: "quantity", line: lamp, quantity: "5" } });
    expect(over.status).toBe(409);
    expect(rowsOf(over.html)).toHaveLength(2);
    const lampRow = rowOf(over.html, "Table Lamp Dune");
    expect(lampRow).toMatch(/data-testid="bag-line-error"[^>]*>Table Lamp Dune: only 2 left/);
    expect(quantityField(lampRow)).toContain('value="5"');
    expect(quantityField(lampRow)).toContain('aria-invalid="true"');
    // The other line keeps its own quantity and says nothing; no error stands apart from the lines.
    const scarfRow = rowOf(over.html, "Silk Scarf Aurora");
    expect(scarfRow).not.toContain("bag-line-error");
    expect(quantityField(scarfRow)).toContain('value="1"');
    expect(over.html).not.toContain('data-testid="bag-error"');

    const bad = await client.html("/bag", { form: { intent: "quantity", line: scarf, quantity: "abc" } });
    expect(bad.status).toBe(400);
    const badRow = rowOf(bad.html, "Silk Scarf Aurora");
    expect(badRow).toMatch(/data-testid="bag-line-error"[^>]*>Choose a quantity from 1 to 99/);
    expect(quantityField(badRow)).toContain('value="abc"');
    expect(await sql("select quantity from bag_lines where id in (?, ?)", Number(scarf), Number(lamp))).toEqual([
      { quantity: 1 },
      { quantity: 1 },
    ]);
  });

  it("refuses another shop's product, a missing variant, a bad quantity and a full bag (400, both languages), nothing stored", async () => {
    const client = await shopper();
    const [foreign] = await sql<{ id: number }[]>(
      `insert into products (shop_id, name, price_cents, created_at, updated_at)
       select id, 'Foreign Scarf', 1000, ${sqlNow()}, ${sqlNow()} from shops where subdomain = 'pending-crafts' returning id`,
    );
    const before = await bagLineCount();
    const theirs = await add(client, { product: String(foreign!.id) });
    expect(theirs.status).toBe(400);
    expect(text(await theirs.text())).toContain("This product is not available in this shop.");
    expect((await add(client, { product: "999999" })).status).toBe(400);
    const sweater = await productId("Chunky Knit Sweater");
    const noVariant = await add(client, { product: String(sweater) });
    expect(noVariant.status).toBe(400);
    const many = await add(client, { product: "1", quantity: "100" }, { "Accept-Language": "fr" });
    expect(many.status).toBe(400);
    expect(text(await many.text())).toContain("Choisissez une quantité de 1 à 99.");
    expect(await bagLineCount()).toBe(before);

    // A bag of 500 lines is never made: past 50 lines the add is refused, saying why.
    await add(client, { product: "1" });
    const [bag] = await sql<{ id: number }[]>("select bag_id as id from bag_lines order by id desc limit 1");
    // 49 more lines (of products since archived: a bag's lines count whatever they became).
    await sql(
      `insert into products (shop_id, name, price_cents, archived_at, created_at, updated_at)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < 49)
       select s.id, 'Filler ' || n.i, 100, ${sqlNow()}, ${sqlNow()}, ${sqlNow()} from n, shops s where s.subdomain = 'demo'`,
    );
    await sql(
      `insert into product_variants (product_id, shop_id, created_at, updated_at)
       select id, shop_id, ${sqlNow()}, ${sqlNow()} from products where name like 'Filler %'`,
    );
    await sql(
      `insert into bag_lines (bag_id, product_id, variant_id, quantity, price_cents, created_at, updated_at)
       select ?, p.id, v.id, 1, 100, ${sqlNow()}, ${sqlNow()} from products p join product_variants v on v.product_id = p.id where p.name like 'Filler %'`,
      bag!.id,
    );
    const lines = await bagLineCount();
    const full = await add(client, { product: String(sweater), variant: String(await variantId("Chunky Knit Sweater", "S", "Red")) });
    expect(full.status).toBe(400);
    expect(text(await full.text())).toContain("Your bag is full (50 different items at most)");
    expect(await bagLineCount()).toBe(lines);
  });
});

describe("a refused Add to bag without JavaScript: back to the page the shopper was on", () => {
  /** The add-to-bag form of a page, its field values and its error, if any. */
  function addForm(html: string, productId: number) {
    const all = text(html);
    const start = all.indexOf(`id="add-to-bag-${productId}"`);
    const form = start < 0 ? "" : all.slice(start, all.indexOf("</form>", start));
    const error = /data-testid="add-to-bag-error"[^>]*>([^<]*)</.exec(start < 0 ? all : form)?.[1] ?? null;
    return {
      form,
      returnTo: (/name="returnTo" value="([^"]*)"/.exec(form)?.[1] ?? "").replaceAll("&amp;", "&"),
      quantity: /name="quantity"[^>]*value="([^"]*)"/.exec(form)?.[1] ?? null,
      error,
    };
  }
  const pathOf = (location: string) => location.split("#")[0]!;

  it("the product's page says why at its button, with the size and quantity chosen; the error shows once; nothing stored", async () => {
    const client = await shopper();
    const sweater = await productId("Chunky Knit Sweater");
    const lBlue = await variantId("Chunky Knit Sweater", "L", "Blue"); // 2 left
    const page = addForm((await client.html(`/?product_id=${sweater}&o0=L&o1=Blue`)).html, sweater);
    expect(page.returnTo).toBe(`/?product_id=${sweater}&o0=L&o1=Blue#add-to-bag-${sweater}`);
    const before = await bagLineCount();

    const refused = await add(client, { product: String(sweater), variant: String(lBlue), quantity: "3", returnTo: page.returnTo });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(page.returnTo);
    expect(await bagLineCount()).toBe(before);
    expect(client.cookies.has("bag_count")).toBe(false);

    const back = await client.html(pathOf(page.returnTo));
    expect(back.status).toBe(200);
    const shown = addForm(back.html, sweater);
    expect(shown.error).toBe("Chunky Knit Sweater (L / Blue): only 2 left");
    // The quantity field points at the error that says why.
    const errorId = /<p id="([^"]+)" role="alert"[^>]*data-testid="add-to-bag-error"/.exec(shown.form)?.[1];
    expect(/<input[^>]*name="quantity"[^>]*>/.exec(shown.form)?.[0]).toContain(`aria-describedby="${errorId}"`);
    expect(shown.quantity).toBe("3");
    // The size and colour picked are still picked; the shipping form below is the same variant's.
    expect(text(back.html)).toMatch(/<input[^>]*value="L"[^>]*checked=""|<input[^>]*checked=""[^>]*value="L"/);
    expect(text(back.html)).toMatch(/<input[^>]*value="Blue"[^>]*checked=""|<input[^>]*checked=""[^>]*value="Blue"/);
    expect(text(back.html)).toContain(`name="variant" value="${lBlue}"`);
    // Said at the form, not again as a toast.
    expect(back.html).not.toContain("server-toast");

    const later = addForm((await client.html(pathOf(page.returnTo))).html, sweater);
    expect(later.error).toBeNull();
    expect(later.quantity).toBe("1");

    const french = await add(
      client,
      { product: String(sweater), variant: String(lBlue), quantity: "3", returnTo: page.returnTo },
      { "Accept-Language": "fr" },
    );
    expect(french.status).toBe(302);
    const frenchPage = await client.html(pathOf(page.returnTo), { headers: { "Accept-Language": "fr" } });
    expect(addForm(frenchPage.html, sweater).error).toBe("Chunky Knit Sweater (L / Blue) : plus que 2");

    // With JavaScript (a fetcher's `stay`) the answer stays in place, as before; a returnTo off the site is not followed.
    const inPlace = await add(client, {
      product: String(sweater),
      variant: String(lBlue),
      quantity: "3",
      returnTo: page.returnTo,
      stay: "1",
    });
    expect(inPlace.status).toBe(409);
    expect(inPlace.headers.get("Location")).toBeNull();
    const offSite = await add(client, { product: String(sweater), variant: String(lBlue), quantity: "3", returnTo: "//evil.example/" });
    expect(offSite.status).toBe(409);
    expect(text(await offSite.text())).toContain("Chunky Knit Sweater (L / Blue): only 2 left");
    expect(await bagLineCount()).toBe(before);
  });

  it("a quantity too high, a size not chosen, and a product sold out since the page was shown", async () => {
    const client = await shopper();
    const lamp = await productId("Table Lamp Dune");
    const returnTo = addForm((await client.html(`/?product_id=${lamp}`)).html, lamp).returnTo;
    expect(returnTo).toBe(`/?product_id=${lamp}#add-to-bag-${lamp}`);
    const before = await bagLineCount();
    const tooMany = await add(client, { product: String(lamp), quantity: "100", returnTo });
    expect(tooMany.status).toBe(302);
    const tooManyPage = addForm((await client.html(pathOf(returnTo))).html, lamp);
    expect(tooManyPage.error).toBe("Choose a quantity from 1 to 99.");
    expect(tooManyPage.quantity).toBe("100");

    // A page drawn before the size had to be chosen (a stale page): the product's page picks one now.
    const sweater = await productId("Chunky Knit Sweater");
    const noSize = await add(client, {
      product: String(sweater),
      quantity: "2",
      returnTo: `/?product_id=${sweater}#add-to-bag-${sweater}`,
    });
    expect(noSize.status).toBe(302);
    const noSizePage = await client.html(`/?product_id=${sweater}`);
    expect(text(noSizePage.html)).toContain('data-testid="choose-options"');
    expect(addForm(noSizePage.html, sweater).error).toBe("Choose an option");

    // The last unit went while the page was shown: the page now says Sold out, and why the add was refused.
    const [vase] = await sql<{ id: number }[]>(
      `insert into products (shop_id, name, price_cents, created_at, updated_at)
       select id, 'Gone Vase', 2000, ${sqlNow()}, ${sqlNow()} from shops where subdomain = 'demo' returning id`,
    );
    await sql(
      `insert into product_variants (product_id, shop_id, stock, created_at, updated_at) select id, shop_id, 0, ${sqlNow()}, ${sqlNow()} from products where id = ?`,
      vase!.id,
    );
    const soldOut = await add(client, {
      product: String(vase!.id),
      quantity: "1",
      returnTo: `/?product_id=${vase!.id}#add-to-bag-${vase!.id}`,
    });
    expect(soldOut.status).toBe(302);
    const soldOutPage = await client.html(`/?product_id=${vase!.id}`);
    expect(text(soldOutPage.html)).toContain('data-testid="purchase-sold-out"');
    expect(addForm(soldOutPage.html, vase!.id).error).toBe("Gone Vase: sold out");
    expect(await bagLineCount()).toBe(before);
  });

  it("from a catalogue card, back to the catalogue with the error at that card only", async () => {
    const client = await shopper();
    const lamp = await productId("Table Lamp Dune"); // 2 left
    await add(client, { product: String(lamp), quantity: "2" });
    const catalogue = (await client.html("/products?page=3")).html;
    const returnTo = addForm(catalogue, lamp).returnTo;
    expect(returnTo).toBe(`/products?page=3#add-to-bag-${lamp}`);
    const lines = await sql("select id, quantity from bag_lines order by id");
    const refused = await add(client, { product: String(lamp), returnTo });
    expect(refused.status).toBe(302);
    const back = text((await client.html(pathOf(returnTo))).html);
    expect(addForm(back, lamp).error).toBe("Table Lamp Dune: only 2 left");
    expect([...back.matchAll(/data-testid="add-to-bag-error"/g)]).toHaveLength(1);
    expect(await sql("select id, quantity from bag_lines order by id")).toEqual(lines);
  });
});

describe("checking out the bag (/?bag=1)", () => {
  it("shows the bag's lines at the shipping step, orders them all in one order, empties the bag; the payment step shows the total", async () => {
    const client = await shopper();
    const sweater = await productId("Chunky Knit Sweater");
    const lRed = await variantId("Chunky Knit Sweater", "L", "Red"); // 64 €
    await add(client, { product: "1", quantity: "2" });
    await add(client, { product: String(sweater), variant: String(lRed) });
    const shipping = text((await client.html("/?bag=1")).html);
    expect(shipping).toContain("2 × Silk Scarf Aurora");
    expect(shipping).toContain("1 × Chunky Knit Sweater (L / Red)");
    expect(shipping).toContain("€142.00");
    expect(shipping).toContain('name="bag" value="1"');
    expect(shipping).not.toContain('name="reference"');

    const placed = await client.request("/?index&bag=1", {
      form: { intent: "shipping", ...shippingFields(), bag: "1", total_amount: "142.00" },
    });
    expect(placed.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    expect(
      await sql("select product_id, variant_id, quantity, price_cents from order_items where order_id = ? order by id", orderId),
    ).toEqual([
      { product_id: 1, variant_id: expect.any(Number), quantity: 2, price_cents: 3900 },
      { product_id: sweater, variant_id: lRed, quantity: 1, price_cents: 6400 },
    ]);
    expect(await sql("select total_amount_cents from orders where id = ?", orderId)).toEqual([{ total_amount_cents: 14200 }]);
    expect(client.cookies.has("bag_count")).toBe(false);
    expect(text((await client.html("/bag")).html)).toContain("Your bag is empty");
    const payment = text((await client.html(`/?order=${orderId}&step=payment`)).html);
    expect(payment).toContain("€142.00");
    expect(payment).toContain("2 × Silk Scarf Aurora");
    // The browser's Back to the bag's checkout continues that order rather than an empty bag.
    expect(text((await client.html("/?bag=1")).html)).toContain(`value="${orderId}"`);
  });

  it("never charges a price that changed since: the checkout sends the shopper back to the bag, nothing ordered, until confirmed", async () => {
    const client = await shopper();
    const mug = await productId("Ceramic Mug");
    await add(client, { product: String(mug), quantity: "2" });
    const [row] = await sql<{ price_cents: number }[]>("select price_cents from products where id = ?", mug);
    const price = row!.price_cents;
    await sql("update products set price_cents = ? where id = ?", price + 500, mug);
    try {
      expect(text((await client.html("/?bag=1")).html)).toContain("Your bag needs a look before paying");
      const bag = text((await client.html("/bag")).html);
      expect(bag).toContain("Price changed");
      expect(bag).toContain('data-testid="bag-checkout-blocked"');
      const before = await orderCount();
      const total = ((price * 2) / 100).toFixed(2);
      const refused = await client.request("/?index&bag=1", {
        form: { intent: "shipping", ...shippingFields(), bag: "1", total_amount: total },
      });
      expect(refused.status).toBe(409);
      expect(text(await refused.text())).toContain(
        "Your bag changed since you opened it (a price or what is left): review it before paying.",
      );
      expect(await orderCount()).toBe(before);
      expect((await client.request("/bag", { form: { intent: "confirm-prices" } })).status).toBe(302);
      const confirmed = text((await client.html("/bag")).html);
      expect(confirmed).not.toContain("Price changed");
      expect(confirmed).toContain('data-testid="bag-checkout"');
    } finally {
      await sql("update products set price_cents = ? where id = ?", price, mug);
    }
  });

  it("on a live's link, the bag's checkout makes the live's order", async () => {
    const code = "bagbag";
    await sql(
      `insert into lives (shop_id, code, title, platform, pinned_product_id, visits, created_at, updated_at)
       values (1, ?, 'Bag live', 'tiktok', 1, 0, ${sqlNow()}, ${sqlNow()})`,
      code,
    );
    const client = await shopper();
    await add(client, { product: "1", quantity: "2" });
    const page = text((await client.html(`/live/${code}`)).html);
    expect(page).toContain(`href="/live/${code}?bag=1"`);
    expect(page).toContain("Check out my bag (2 items)");
    expect(text((await client.html(`/live/${code}?bag=1`)).html)).toContain("2 × Silk Scarf Aurora");
    const placed = await client.request(`/live/${code}?bag=1`, {
      form: { intent: "shipping", ...shippingFields(), bag: "1", total_amount: "78.00" },
    });
    expect(placed.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    const [live] = await sql<{ id: number }[]>("select id from lives where code = ?", code);
    expect(await sql("select live_id, live_reference from orders where id = ?", orderId)).toEqual([
      { live_id: live!.id, live_reference: code },
    ]);
  });

  it("a bag filled on a live's page keeps the live: checked out from /bag at /?bag=1, it is the live's order", async () => {
    const code = "bagkpt";
    await sql(
      `insert into lives (shop_id, code, title, platform, pinned_product_id, visits, created_at, updated_at)
       values (1, ?, 'Kept live', 'tiktok', 1, 0, ${sqlNow()}, ${sqlNow()})`,
      code,
    );
    const [live] = await sql<{ id: number }[]>("select id from lives where code = ?", code);
    const client = await shopper();
    // The pinned product's "Add to bag" on the live's page says which live it is.
    expect(text((await client.html(`/live/${code}`)).html)).toContain(`name="live" value="${code}"`);
    const lines = await bagLineCount();
    const unknown = await add(client, { product: "1", live: "nonono" });
    expect(unknown.status).toBe(404);
    expect(await bagLineCount()).toBe(lines);
    const added = await add(client, { product: "1", live: code });
    expect(added.headers.get("Location")).toBe("/bag");
    expect(text((await client.html("/bag")).html)).toContain('href="/?bag=1"');
    const placed = await client.request("/?index&bag=1", {
      form: { intent: "shipping", ...shippingFields(), bag: "1", total_amount: "39.00" },
    });
    expect(placed.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    expect(await sql("select live_id, live_reference from orders where id = ?", orderId)).toEqual([
      { live_id: live!.id, live_reference: code },
    ]);
  });

  it("another shopper never sees the bag, nor its lines' forms", async () => {
    const mine = await shopper();
    await add(mine, { product: "1" });
    const [line] = await lineIds(mine);
    const stranger = await shopper();
    expect(text((await stranger.html("/bag")).html)).toContain("Your bag is empty");
    const tampered = await stranger.request("/bag", { form: { intent: "remove", line: line! } });
    expect(tampered.status).toBe(404);
    expect(await lineIds(mine)).toEqual([line]);
  });
});

describe("the page cache", () => {
  it("keeps the public pages the same for everyone: the count is not in them, a shopper with a bag gets their own page", async () => {
    const anonymous = await new TestClient(SHOP).html("/products");
    const again = await new TestClient(SHOP).html("/products");
    expect(again.html).toBe(anonymous.html);
    expect(anonymous.response.headers.get("CDN-Cache-Control")).toBe("public, no-cache");
    expect(anonymous.html).toContain('href="/bag"');
    expect(anonymous.html).not.toContain('data-testid="bag-count"');
    const client = await shopper();
    await add(client, { product: "1" });
    const own = await client.html("/products");
    expect(own.response.headers.get("CDN-Cache-Control")).toBeNull();
    expect(own.html).toMatch(/data-testid="bag-count"[^>]*>1</);
  });
});
