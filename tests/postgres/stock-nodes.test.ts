// A drop across two app nodes (server.js from the build) on one PostgreSQL, as behind a load
// balancer (issue 27): 100 shoppers order the same 20 units through the API, half on each
// node, at once; exactly 20 get them, the others are told "sold out", and the 20 pay.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productStock } from "~/domain/stock/holds.server";
import { getDatabase } from "~db/client";
import { orders, shops, stockHolds } from "~db/schema";
import { startTwoNodes, stopNodes } from "./two-nodes";
import { sendRequest, type Answer, type ServerProcess } from "../integration/server-process";
import { createProduct } from "../unit/factories";
import { movementsOf, onlyVariant, variantRow } from "../unit/stock-drops";

const SHIPPING = {
  full_name: "Nora Node",
  phone: "0611223344",
  address: "12 rue Hugo",
  city: "Nantes",
  zip_code: "44000",
  country: "France",
};
const CARD = { card_number: "4242 4242 4242 4242", exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: "123" };

let nodes: ServerProcess[] = [];
let shopHost: string;

/** One shopper's browser: its cookies (the CSRF pair, its shopper key), on one node. */
class Shopper {
  private readonly cookies = new Map<string, string>();
  constructor(readonly node: ServerProcess) {}

  private remember(answer: Answer) {
    for (const line of answer.headers["set-cookie"] ?? []) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return answer;
  }

  private get cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The CSRF cookie a page gives, before the shopper posts anything. */
  async open() {
    this.remember(await sendRequest(this.node.port, "/api/v1/shop/categories/", { host: shopHost }));
  }

  async post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const answer = this.remember(
      await sendRequest(this.node.port, path, {
        host: shopHost,
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": this.cookies.get("csrftoken") ?? "", Cookie: this.cookieHeader },
        body: JSON.stringify(body),
      }),
    );
    return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
  }
}

beforeAll(async () => {
  const started = await startTwoNodes();
  nodes = started.nodes;
  const port = started.port;
  shopHost = `demo.localhost:${port}`;
}, 120_000);

afterAll(() => stopNodes(nodes));

describe("a drop across two nodes on PostgreSQL", () => {
  it("100 orders at once for 20 units, half on each node: 20 held, 80 answered 409 out_of_stock, then the 20 paid", async () => {
    const [demo] = await getDatabase().select().from(shops).where(eq(shops.subdomain, "demo"));
    const product = await createProduct(demo!.id, { name: "Node Drop Hoodie", priceCents: 2500, stock: 20 });
    const variant = await onlyVariant(product.id);
    const ordersBefore = (await getDatabase().select().from(orders).where(eq(orders.shopId, demo!.id))).length;

    const shoppers = Array.from({ length: 100 }, (_, n) => new Shopper(nodes[n % 2]!));
    await Promise.all(shoppers.map((shopper) => shopper.open()));
    // All sent before any answer is read.
    const answers = await Promise.all(
      shoppers.map((shopper, n) =>
        shopper.post("/api/v1/shop/orders/", {
          ...SHIPPING,
          email: `drop${n}@nodes.test`,
          total_amount: "25.00",
          items: [{ product: product.id, quantity: 1 }],
        }),
      ),
    );
    const held = answers.flatMap((answer, n) => (answer.status === 201 ? [{ shopper: shoppers[n]!, id: answer.body.id as number }] : []));
    const refused = answers.filter((answer) => answer.status === 409);
    expect(held).toHaveLength(20);
    expect(refused).toHaveLength(80);
    for (const answer of refused) {
      expect(answer.body).toEqual({
        message: "Sold out",
        code: "out_of_stock",
        errors: { "items.0.quantity": ["Sold out"] },
        request_id: expect.any(String),
      });
    }
    const after = await getDatabase().select().from(orders).where(eq(orders.shopId, demo!.id));
    expect(after.length - ordersBefore).toBe(20);
    const holds = await getDatabase().select().from(stockHolds).where(eq(stockHolds.variantId, variant.id));
    expect(holds.map((h) => [h.state, h.quantity]).sort()).toEqual(Array.from({ length: 20 }, () => ["held", 1]));
    expect(await variantRow(variant.id)).toMatchObject({ stock: 20, reserved: 20 });

    // Each pays on its node, all at once: the payment, then the simulated card form.
    const paid = await Promise.all(
      held.map(async ({ shopper, id }) => {
        const intent = await shopper.post("/api/v1/payment/pay/", { order_id: id, provider_slug: "simulated" });
        expect(intent.status).toBe(200);
        return shopper.post("/api/v1/payment/simulated/confirm/", { client_secret: intent.body.client_secret, ...CARD });
      }),
    );
    expect(paid.map((answer) => [answer.status, answer.body.status])).toEqual(Array.from({ length: 20 }, () => [200, "succeeded"]));
    const sold = await getDatabase().select().from(orders).where(eq(orders.shopId, demo!.id));
    expect(
      sold.filter((o) => held.some((h) => h.id === o.id)).every((o) => o.paymentStatus === "succeeded" && o.status === "pending"),
    ).toBe(true);
    expect(await variantRow(variant.id)).toMatchObject({ stock: 0, reserved: 0 });
    expect((await productStock(getDatabase(), [product.id], new Date())).get(product.id)?.variants[0]?.available).toBe(0);
    expect(await movementsOf(variant.id, "sale")).toHaveLength(20);
  });
});
