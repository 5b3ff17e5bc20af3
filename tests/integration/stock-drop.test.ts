// A drop through the HTTP API in one process (issue 27): 100 shoppers post their order for the
// same 20 units at once (on SQLite the group commit runs the orders' transactions one after
// the other; on PostgreSQL, in integration-pg, side by side on the pool), then the 20 pay.
import { describe, expect, it } from "vitest";
import { loadApp, shippingFields, sql, TestClient } from "./app";

type Row = Record<string, number | string | null>;

describe("a drop through the orders API", () => {
  it("100 orders at once for 20 units: 20 created and held, 80 answered 409 out_of_stock creating nothing, then the 20 paid", async () => {
    await loadApp();
    const [towels] = await sql<Row[]>("select id, price_cents from products where name = 'Linen Tea Towels'");
    const productId = Number(towels!.id);
    await sql("update product_variants set stock = 20 where product_id = ?", productId);
    const [{ n: ordersBefore }] = (await sql<Row[]>("select count(*) as n from orders")) as [Row];

    const shoppers = Array.from({ length: 100 }, () => new TestClient("demo.localhost:3000"));
    await Promise.all(shoppers.map((shopper) => shopper.request("/api/v1/shop/categories/")));
    let started = 0;
    let startedWhenFirstAnswered: number | null = null;
    const answers = await Promise.all(
      shoppers.map(async (shopper, n) => {
        started++;
        const answer = await shopper.json<Record<string, unknown>>("/api/v1/shop/orders/", {
          json: shippingFields({ email: `drop${n}@api.test`, total_amount: "17.90", items: [{ product: productId, quantity: 1 }] }),
        });
        startedWhenFirstAnswered ??= started;
        return { shopper, ...answer };
      }),
    );
    // Every request was under way before the first answer: they really raced.
    expect(startedWhenFirstAnswered).toBe(100);

    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(20);
    expect(refused).toHaveLength(80);
    for (const { body } of created) {
      const [order] = await sql<Row[]>("select reserved_until from orders where id = ?", body.id);
      expect(Number(order!.reserved_until)).toBeGreaterThan(Date.now());
    }
    for (const { body } of refused) {
      expect(body).toEqual({
        message: "Sold out",
        code: "out_of_stock",
        errors: { "items.0.quantity": ["Sold out"] },
        request_id: expect.any(String),
      });
    }
    const [{ n: ordersAfter }] = (await sql<Row[]>("select count(*) as n from orders")) as [Row];
    expect(Number(ordersAfter) - Number(ordersBefore)).toBe(20);
    const holds = await sql<Row[]>(
      "select h.state, h.quantity from stock_holds h join product_variants v on v.id = h.variant_id where v.product_id = ?",
      productId,
    );
    expect(holds.map((h) => [h.state, Number(h.quantity)])).toEqual(Array.from({ length: 20 }, () => ["held", 1]));

    // Each pays with the simulated card, all at once.
    const card = { card_number: "4242 4242 4242 4242", exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: "123" };
    const paid = await Promise.all(
      created.map(async ({ shopper, body }) => {
        const intent = await shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
          json: { order_id: body.id, provider_slug: "simulated" },
        });
        expect(intent.status).toBe(200);
        return shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
          json: { client_secret: intent.body.client_secret, ...card },
        });
      }),
    );
    expect(paid.map((answer) => [answer.status, answer.body.status])).toEqual(Array.from({ length: 20 }, () => [200, "succeeded"]));
    const [variant] = await sql<Row[]>("select stock, reserved from product_variants where product_id = ?", productId);
    expect([Number(variant!.stock), Number(variant!.reserved)]).toEqual([0, 0]);
    const [{ n: sales }] = (await sql<Row[]>(
      "select count(*) as n from stock_movements where product_id = ? and kind = 'sale'",
      productId,
    )) as [Row];
    expect(Number(sales)).toBe(20);
    const refusedAgain = await new TestClient("demo.localhost:3000").json("/api/v1/shop/orders/", {
      json: shippingFields({ total_amount: "17.90", items: [{ product: productId, quantity: 1 }] }),
    });
    expect(refusedAgain.status).toBe(409);
  });
});
