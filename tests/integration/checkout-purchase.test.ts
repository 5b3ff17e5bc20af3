import { describe, expect, it } from "vitest";
import { shippingFields, sql, sqlNow, TestClient } from "./app";

/** Issue 12: a catalogue purchase costs its price times its quantity; sold-out products are never ordered. */
const shipping = shippingFields();
const orderCount = async () => (await sql<{ n: number }[]>("select count(*) as n from orders"))[0]!.n;
const productId = async (name: string) => (await sql<{ id: number }[]>("select id from products where name = ?", name))[0]!.id;
const text = (html: string) => html.replaceAll("<!-- -->", "");

async function shopper() {
  const client = new TestClient("demo.localhost:3000");
  await client.request("/products");
  return client;
}
const postShipping = (client: TestClient, query: string, form: Record<string, string>) =>
  client.request(`/?index&${query}`, { form: { intent: "shipping", ...shipping, ...form } });

describe("a catalogue purchase (the catalogue's Buy now: /?product_id=N)", () => {
  it("shows the product, a quantity and a read-only total; no reference or typed amount", async () => {
    const page = text((await (await shopper()).html("/?product_id=1")).html);
    expect(page).toContain("Silk Scarf Aurora");
    expect(page).toMatch(/<input[^>]*name="quantity"[^>]*>/);
    expect(page).toMatch(
      /<input[^>]*name="total_amount"[^>]*readOnly=""[^>]*value="39.00"|<input[^>]*readOnly=""[^>]*name="total_amount"[^>]*value="39.00"|<input[^>]*name="total_amount"[^>]*value="39.00"[^>]*readOnly=""/,
    );
    expect(page).not.toContain('name="reference"');
  });

  it("refuses a total that is not the price times the quantity (the 39 € scarf for 10 €), and creates nothing", async () => {
    const client = await shopper();
    const before = await orderCount();
    const cheap = await postShipping(client, "product_id=1", { product_id: "1", quantity: "1", total_amount: "10" });
    expect(cheap.status).toBe(400);
    expect(text(await cheap.text())).toContain("The total must be €39.00: the price times the quantity");
    expect(await orderCount()).toBe(before);
  });

  it("without JavaScript, a quantity changed before sending is ordered in one submit: the server computes its total", async () => {
    const client = await shopper();
    const page = text((await client.html("/?product_id=1")).html);
    // The form says which quantity its total was computed for; the hint holds without JavaScript too.
    expect(page).toMatch(/<input type="hidden" name="total_quantity" value="1"\/>/);
    expect(page).toContain("Price × quantity: the order&#x27;s total is worked out from the quantity you choose when you continue.");
    const before = await orderCount();
    // Nothing recomputed the total in the page: it is the one drawn for 1, sent with a quantity of 2.
    const created = await postShipping(client, "product_id=1", {
      product_id: "1",
      quantity: "2",
      total_amount: "39.00",
      total_quantity: "1",
    });
    expect(created.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(created.headers.get("Location")!)![1]);
    expect(await orderCount()).toBe(before + 1);
    expect(await sql("select total_amount_cents from orders where id = ?", orderId)).toEqual([{ total_amount_cents: 7800 }]);
    expect(await sql("select product_id, quantity, price_cents from order_items where order_id = ?", orderId)).toEqual([
      { product_id: 1, quantity: 2, price_cents: 3900 },
    ]);
    const payment = text((await client.html(`/?order=${orderId}&step=payment`)).html);
    expect(payment).toContain("2 × Silk Scarf Aurora");
    expect(payment).toContain("€78.00");
    const french = text((await client.html("/?product_id=1&order=new", { headers: { "Accept-Language": "fr" } })).html);
    expect(french).toContain(
      "Prix × quantité : le total de la commande est calculé d&#x27;après la quantité choisie quand vous continuez.",
    );
  });

  it("refuses a total computed at a price changed since the page was shown, says the price of now, and orders nothing", async () => {
    const [product] = await sql<{ id: number }[]>(
      `insert into products (shop_id, name, price_cents, created_at, updated_at)
       select id, 'Repriced Scarf', 3900, ${sqlNow()}, ${sqlNow()} from shops where subdomain = 'demo' returning id`,
    );
    await sql(
      `insert into product_variants (product_id, shop_id, created_at, updated_at) select id, shop_id, ${sqlNow()}, ${sqlNow()} from products where id = ?`,
      product!.id,
    );
    const id = String(product!.id);
    const client = await shopper();
    expect(text((await client.html(`/?product_id=${id}`)).html)).toContain("€39.00 each");
    await sql("update products set price_cents = 4500 where id = ?", product!.id);
    const before = await orderCount();
    // Drawn at €39.00 for 1; the shopper asked for 2 and sent it.
    const refused = await postShipping(client, `product_id=${id}`, {
      product_id: id,
      quantity: "2",
      total_amount: "39.00",
      total_quantity: "1",
    });
    expect(refused.status).toBe(400);
    const html = text(await refused.text());
    expect(html).toContain(
      "The price changed since this page was shown: it is now €45.00 each, so the total is €90.00. Check it, then continue.",
    );
    // The page drawn again: the price of now, the total of the quantity typed, what was typed kept.
    expect(html).toContain("€45.00 each");
    expect(html).toMatch(/name="total_amount"[^>]*value="90.00"|value="90.00"[^>]*name="total_amount"/);
    expect(html).toMatch(/<input type="hidden" name="total_quantity" value="2"\/>/);
    expect(html).toMatch(/name="quantity"[^>]*value="2"|value="2"[^>]*name="quantity"/);
    expect(html).toContain('value="Paul Shopper"');
    // JavaScript's total, at the old price, is refused the same way; in French too.
    const french = await client.request(`/?index&product_id=${id}`, {
      form: { intent: "shipping", ...shipping, product_id: id, quantity: "2", total_amount: "78.00", total_quantity: "2" },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.status).toBe(400);
    expect(text(await french.text())).toContain(
      "Le prix a changé depuis l&#x27;affichage de cette page : il est maintenant de 45,00 € l&#x27;unité, soit un total de 90,00 €.",
    );
    expect(await orderCount()).toBe(before);

    const created = await postShipping(client, `product_id=${id}`, {
      product_id: id,
      quantity: "2",
      total_amount: "90.00",
      total_quantity: "2",
    });
    expect(created.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(created.headers.get("Location")!)![1]);
    expect(await sql("select total_amount_cents from orders where id = ?", orderId)).toEqual([{ total_amount_cents: 9000 }]);
  });

  it("asks for enough items to reach the shop's minimum order", async () => {
    const clips = await productId("Hair Clips Set"); // 9.90 €, minimum 10 €
    const client = await shopper();
    const page = text((await client.html(`/?product_id=${clips}`)).html);
    expect(page).toMatch(/name="quantity"[^>]*min="2"|min="2"[^>]*name="quantity"/);
    const one = await postShipping(client, `product_id=${clips}`, { product_id: String(clips), quantity: "1", total_amount: "9.90" });
    expect(one.status).toBe(400);
    expect(text(await one.text())).toContain("Choose at least 2: the shop&#x27;s minimum order is €10.00");
  });

  it("changes the quantity of the unpaid order on the way back, and its total with it", async () => {
    const client = await shopper();
    const created = await postShipping(client, "product_id=1", { product_id: "1", quantity: "1", total_amount: "39.00" });
    const orderId = Number(/order=(\d+)/.exec(created.headers.get("Location")!)![1]);
    // Without JavaScript the total sent is the one drawn for the order's 1: the quantity typed is ordered.
    const edited = await postShipping(client, `order=${orderId}&step=shipping`, {
      order: String(orderId),
      product_id: "1",
      quantity: "3",
      total_amount: "39.00",
      total_quantity: "1",
    });
    expect(edited.status).toBe(302);
    expect(await sql("select total_amount_cents from orders where id = ?", orderId)).toEqual([{ total_amount_cents: 11700 }]);
    expect(await sql("select quantity from order_items where order_id = ?", orderId)).toEqual([{ quantity: 3 }]);
  });
});

describe("a live purchase (the shop's link without product_id)", () => {
  it("keeps the typed amount and shows no product line pretending to be the thing bought", async () => {
    const client = await shopper();
    const page = text((await client.html("/")).html);
    expect(page).not.toContain("Silk Scarf Aurora");
    expect(page).toContain('name="reference"');
    expect(page).toContain("Your live purchase: enter the amount announced during the live.");
    const created = await postShipping(client, "", { reference: "LIVE-7", total_amount: "25.50" });
    expect(created.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(created.headers.get("Location")!)![1]);
    expect(await sql("select total_amount_cents from orders where id = ?", orderId)).toEqual([{ total_amount_cents: 2550 }]);
    expect(await sql("select count(*) as n from order_items where order_id = ?", orderId)).toEqual([{ n: 0 }]);
  });
});

describe("POST /api/v1/shop/orders/ with items", () => {
  const fields = { ...shipping, total_amount: "10" };
  it("refuses a total other than the items' prices times their quantities", async () => {
    const client = new TestClient("demo.localhost:3000");
    const wrong = await client.json<{ message: string; errors: Record<string, string[]> }>("/api/v1/shop/orders/", {
      json: { ...fields, items: [{ product: 1, quantity: 2 }] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("The total must be €78.00: the price times the quantity");
    expect(wrong.body.errors).toEqual({ total_amount: ["The total must be €78.00: the price times the quantity"] });
    const french = await client.json<{ message: string }>("/api/v1/shop/orders/", {
      json: { ...fields, items: [{ product: 1 }] },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.body.message).toBe("Le total doit être de 39,00 € : le prix multiplié par la quantité");
    const right = await client.json<{ total_amount: string; items: { quantity: number; price: string }[] }>("/api/v1/shop/orders/", {
      json: { ...fields, total_amount: 78, items: [{ product: 1, quantity: 2 }] },
    });
    expect(right.status).toBe(201);
    expect(right.body.total_amount).toBe("78.00");
    expect(right.body.items).toMatchObject([{ quantity: 2, price: "39.00" }]);
  });

  it("needs no reference when the items say what was bought", async () => {
    const created = await new TestClient("demo.localhost:3000").json("/api/v1/shop/orders/", {
      json: { ...fields, total_amount: "39.00", items: [{ product: 1 }] },
    });
    expect(created.status).toBe(201);
  });
});

describe("out-of-stock products", () => {
  it("the catalogue card says out of stock instead of Buy now", async () => {
    const html = text((await (await shopper()).html("/products")).html);
    const belt = html.slice(html.indexOf("Leather Belt"), html.indexOf("Linen Shirt"));
    expect(belt).toContain("Out of stock: cannot be ordered");
    expect(belt).not.toContain("Buy now");
    expect(html).toContain('aria-label="Buy now: Silk Scarf Aurora"');
  });

  it("the checkout page refuses it, and so does its form: no order, not even one without its item", async () => {
    const belt = await productId("Leather Belt");
    const client = await shopper();
    const page = text((await client.html(`/?product_id=${belt}`)).html);
    expect(page).toContain("This product is out of stock");
    expect(page).not.toContain('name="full_name"');
    const before = await orderCount();
    const posted = await postShipping(client, `product_id=${belt}`, { product_id: String(belt), quantity: "1", total_amount: "34.00" });
    expect(posted.status).toBe(409);
    // The page answered is the refusal, with no form to send again.
    const answer = text(await posted.text());
    expect(answer).toContain("This product is out of stock");
    expect(answer).not.toContain('name="full_name"');
    expect(await orderCount()).toBe(before);
    const french = text((await client.html(`/?product_id=${belt}`, { headers: { "Accept-Language": "fr" } })).html);
    expect(french).toContain("Ce produit est en rupture de stock");
  });

  it("the API answers 409 with the message and creates nothing", async () => {
    const before = await orderCount();
    const { status, body } = await new TestClient("demo.localhost:3000").json<{
      message: string;
      code: string;
      errors: Record<string, string[]>;
    }>("/api/v1/shop/orders/", {
      json: { ...shipping, total_amount: "34.00", items: [{ product: await productId("Leather Belt") }] },
    });
    expect(status).toBe(409);
    // Switched off by the seller: the product itself is refused, as before stock was counted.
    expect(body).toMatchObject({
      message: "This product is out of stock.",
      code: "out_of_stock",
      errors: { "items.0.product": ["This product is out of stock."] },
    });
    expect(await orderCount()).toBe(before);
  });

  it("a product the shop does not sell is refused the same way", async () => {
    const client = await shopper();
    expect(text((await client.html("/?product_id=99999")).html)).toContain("This product is not available");
    const before = await orderCount();
    const posted = await postShipping(client, "product_id=99999", { product_id: "99999", quantity: "1", total_amount: "39.00" });
    expect(posted.status).toBe(400);
    expect(text(await posted.text())).toContain("This product is not available");
    expect(await orderCount()).toBe(before);
  });
});

describe("coming back to the checkout link (the browser's Back from the payment step)", () => {
  it("continues the unpaid order of that purchase with its details, until it is paid", async () => {
    const client = await shopper();
    const created = await postShipping(client, "product_id=1", { product_id: "1", quantity: "2", total_amount: "78.00" });
    const orderId = Number(/order=(\d+)/.exec(created.headers.get("Location")!)![1]);
    const page = await client.html("/?product_id=1");
    // Never cached: the browser's Back asks the server again instead of restoring a form without its order.
    expect(page.response.headers.get("Cache-Control")).toBe("no-store");
    const back = text(page.html);
    expect(back).toContain('value="Paul Shopper"');
    expect(back).toContain(`name="order" value="${orderId}"`);
    expect(back).toMatch(/name="quantity"[^>]*value="2"|value="2"[^>]*name="quantity"/);
    expect(back).toMatch(/You are continuing your order #\d{4}, not paid yet\./);
    // Another purchase (the live link) or an explicit new order starts empty.
    expect(text((await client.html("/")).html)).not.toContain('value="Paul Shopper"');
    expect(text((await client.html("/?product_id=1&order=new")).html)).not.toContain('value="Paul Shopper"');
    // Paid, it is not continued any more.
    await sql("update orders set payment_status = 'succeeded' where id = ?", orderId);
    expect(text((await client.html("/?product_id=1")).html)).not.toContain(`name="order" value="${orderId}"`);
  });
});
