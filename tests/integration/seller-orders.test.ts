import { describe, expect, it } from "vitest";
import { shippingFields, sql, TestClient } from "./app";

// Issue 12 items 3 and 4: the seller's order views (paid orders vs unpaid checkouts, one
// count everywhere) and partial refunds / refunds after delivery.

const fields = shippingFields({ full_name: "Rita Refund", email: "rita@example.test", reference: "RET-1", total_amount: "30.00" });
const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };

const seller = () => new TestClient().signInAs("demo@example.com");

async function placeOrder(total = "30.00", extra: Record<string, string> = {}) {
  const shopper = new TestClient("demo.localhost:3000");
  const order = await shopper.json<{ id: number; order_number: string }>("/api/v1/shop/orders/", {
    json: { ...fields, total_amount: total, ...extra },
  });
  expect(order.status).toBe(201);
  return { shopper, orderId: order.body.id, number: order.body.order_number };
}

async function paidOrder(total = "30.00", extra: Record<string, string> = {}) {
  const placed = await placeOrder(total, extra);
  const pay = await placed.shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
    json: { order_id: placed.orderId, provider_slug: "simulated" },
  });
  const paid = await placed.shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: pay.body.client_secret, ...card },
  });
  expect(paid.body.status).toBe("succeeded");
  return placed;
}

async function declinedOrder() {
  const placed = await placeOrder("19.00", { full_name: "Dora Declined" });
  const pay = await placed.shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
    json: { order_id: placed.orderId, provider_slug: "simulated" },
  });
  await placed.shopper.json("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: pay.body.client_secret, ...card, card_number: "4000000000000002" },
  });
  return placed;
}

type Page = {
  count: number;
  results: {
    id: number;
    payment_status: string;
    refunded_amount?: string;
    refundable_amount?: string;
    refunds?: { amount: string; reason: string }[];
  }[];
};
type Refund = {
  id: number;
  amount: string;
  reason: string;
  status: string;
  order: { payment_status: string; refunded_amount: string; refundable_amount: string };
};

const statTile = (html: string, key: string) => new RegExp(`data-testid="stat-${key}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe("the seller's orders and unpaid checkouts", () => {
  it("lists paid orders by default, unpaid checkouts on their own, and every count agrees", async () => {
    const abandoned = await placeOrder("25.00", { full_name: "Abby Abandoned" });
    const declined = await declinedOrder();
    const paid = await paidOrder();
    const demo = await seller();

    const orders = await demo.json<Page>("/api/v1/shop/orders/?page_size=100");
    expect(orders.body.results.every((o) => ["succeeded", "partially_refunded", "refunded"].includes(o.payment_status))).toBe(true);
    expect(orders.body.results.map((o) => o.id)).toContain(paid.orderId);
    expect(orders.body.results.map((o) => o.id)).not.toContain(abandoned.orderId);

    const checkouts = await demo.json<Page>("/api/v1/shop/orders/?view=checkouts&page_size=100");
    expect(checkouts.body.results.map((o) => o.id)).toEqual(expect.arrayContaining([abandoned.orderId, declined.orderId]));
    expect(checkouts.body.results.map((o) => o.id)).not.toContain(paid.orderId);
    const all = await demo.json<Page>("/api/v1/shop/orders/?view=all");
    expect(all.body.count).toBe(orders.body.count + checkouts.body.count);
    // An explicit payment status is taken as asked, whatever the default view.
    expect((await demo.json<Page>("/api/v1/shop/orders/?payment_status=failed")).body.results.map((o) => o.id)).toContain(declined.orderId);
    expect((await demo.json<{ errors: Record<string, string[]> }>("/api/v1/shop/orders/?view=abandoned")).status).toBe(400);

    // The dashboard tile, the list heading and the tabs say the same number.
    const dashboard = await demo.html("/dashboard");
    expect(statTile(dashboard.html, "orders")).toBe(String(orders.body.count));
    const list = await demo.html("/orders");
    expect(list.html).toContain(`Paid orders of your shop, refunded ones included (${orders.body.count}).`);
    expect(list.html).toContain(`Orders (${orders.body.count})`);
    expect(list.html).toContain(`Unpaid checkouts (${checkouts.body.count})`);
    expect(list.html).not.toContain("Abby Abandoned");
    const checkoutList = await demo.html("/orders?view=checkouts");
    expect(checkoutList.html).toContain("Abby Abandoned");
    expect(checkoutList.html).toMatch(/name="view" value="checkouts"/);

    // The CSV follows the same rule.
    const csv = await (await demo.request("/api/v1/shop/orders/export/")).text();
    expect(csv).not.toContain("Abby Abandoned");
    expect(csv.trim().split("\r\n")).toHaveLength(orders.body.count + 1);
    expect(await (await demo.request("/api/v1/shop/orders/export/?view=checkouts")).text()).toContain("Abby Abandoned");

    // A shopper still sees all of their own orders, paid or not.
    const mine = await abandoned.shopper.json<Page>("/api/v1/shop/orders/");
    expect(mine.body.results.map((o) => o.id)).toEqual([abandoned.orderId]);
    // The first test of the file also starts the app (migrations, demo data) on a shared machine.
  }, 90_000);
});

describe("refunds", () => {
  it("refunds part of a delivered order through the provider, then the rest; never more than was paid", async () => {
    const { orderId, number } = await paidOrder("30.00");
    const demo = await seller();
    for (const status of ["processing", "shipped", "delivered"]) {
      expect((await demo.json(`/api/v1/shop/orders/${orderId}/`, { method: "PATCH", json: { status } })).status).toBe(200);
    }
    const salesBefore = statTile((await demo.html("/dashboard")).html, "sales");

    const first = await demo.json<Refund>(`/api/v1/shop/orders/${orderId}/refunds/`, {
      json: { amount: "10.00", reason: "Returned the scarf" },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount: "10.00", reason: "Returned the scarf", status: "succeeded" });
    expect(first.body.order).toMatchObject({ payment_status: "partially_refunded", refunded_amount: "10.00", refundable_amount: "20.00" });

    // Through the provider, with the platform fee given back in proportion.
    const [intent] = await sql<{ id: string; amount_refunded_cents: number; application_fee_cents: number }[]>(
      "select i.id, i.amount_refunded_cents, i.application_fee_cents from simulated_payment_intents i join payment_transactions t on t.provider_payment_id = i.id where t.order_id = ?",
      orderId,
    );
    expect(intent!.amount_refunded_cents).toBe(1000);
    const [feeBack] = await sql<{ fee: number }[]>(
      "select application_fee_refunded_cents as fee from simulated_refunds where intent_id = ?",
      intent!.id,
    );
    expect(feeBack!.fee).toBe(Math.round(intent!.application_fee_cents / 3));

    // In the history, mailed to the shopper, in the API's order.
    const detail = await demo.json<{
      payment_status: string;
      refunds: { amount: string; reason: string; created_by: string }[];
      history: unknown;
    }>(`/api/v1/shop/orders/${orderId}/`);
    expect(detail.body.payment_status).toBe("partially_refunded");
    expect(detail.body.refunds).toEqual([
      expect.objectContaining({ amount: "10.00", reason: "Returned the scarf", created_by: "Dana Demo" }),
    ]);
    const events = await sql<{ kind: string; to_value: string; amount_cents: number; note: string }[]>(
      "select kind, to_value, amount_cents, note from order_events where order_id = ? and kind = 'refund'",
      orderId,
    );
    expect(events).toEqual([{ kind: "refund", to_value: "partially_refunded", amount_cents: 1000, note: "Returned the scarf" }]);
    const mails = await sql<{ to: string; subject: string; text: string }[]>(
      "select \"to\", subject, text from mail_outbox where template = 'order_refund' and text like ?",
      `%#${number}%`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("rita@example.test");
    expect(mails[0]!.subject).toContain(`refund for your order #${number}`);
    expect(mails[0]!.text).toContain("€10.00");
    expect(mails[0]!.text).toContain("In total €10.00 of your payment of €30.00 has been refunded.");

    // Dashboard sales are net of refunds.
    const salesAfter = statTile((await demo.html("/dashboard")).html, "sales");
    // The English page shows "€1,234.50": the comma groups thousands.
    const euros = (text: string | undefined) => Number(text!.replace(/[^\d.]/g, ""));
    expect(euros(salesBefore) - euros(salesAfter)).toBeCloseTo(10, 2);

    const tooMuch = await demo.json<{ errors: Record<string, string[]> }>(`/api/v1/shop/orders/${orderId}/refunds/`, {
      json: { amount: "25.00" },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.amount).toEqual(["At most 20.00 can still be refunded."]);
    const inFrench = await demo.json<{ errors: Record<string, string[]> }>(`/api/v1/shop/orders/${orderId}/refunds/`, {
      json: { amount: "abc" },
      headers: { "Accept-Language": "fr" },
    });
    expect(inFrench.body.errors.amount).toEqual(["Indiquez un montant d'au moins 0,01 avec deux décimales au plus."]);

    const rest = await demo.json<Refund>(`/api/v1/shop/orders/${orderId}/refunds/`, { json: { amount: 20 } });
    expect(rest.body.order).toMatchObject({ payment_status: "refunded", refunded_amount: "30.00", refundable_amount: "0.00" });
    const fullMail = (
      await sql<{ text: string }[]>(
        "select text from mail_outbox where template = 'order_refund' and dedupe_key = ?",
        `order-refund:${rest.body.id}`,
      )
    )[0]!;
    expect(fullMail.text).toContain("Your payment of €30.00 is now refunded in full.");
    const none = await demo.json<{ message: string }>(`/api/v1/shop/orders/${orderId}/refunds/`, { json: { amount: "1" } });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("Only a paid order can be refunded.");
    const listed = await demo.json<{ refunds: unknown[]; refunded_amount: string }>(`/api/v1/shop/orders/${orderId}/refunds/`);
    expect(listed.body).toMatchObject({ refunded_amount: "30.00" });
    expect(listed.body.refunds).toHaveLength(2);
  });

  it("two refunds at the same time cannot give back more than was paid", async () => {
    const { orderId } = await paidOrder("30.00");
    const demo = await seller();
    const answers = await Promise.all([
      demo.json<Refund>(`/api/v1/shop/orders/${orderId}/refunds/`, { json: { amount: "20.00" } }),
      demo.json<Refund>(`/api/v1/shop/orders/${orderId}/refunds/`, { json: { amount: "20.00" } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const [intent] = await sql<{ amount_refunded_cents: number }[]>(
      "select i.amount_refunded_cents from simulated_payment_intents i join payment_transactions t on t.provider_payment_id = i.id where t.order_id = ?",
      orderId,
    );
    expect(intent!.amount_refunded_cents).toBe(2000);
  });

  it("cancelling a partly refunded order refunds the rest; unpaid orders and strangers cannot be refunded", async () => {
    const { orderId, shopper } = await paidOrder("40.00");
    const demo = await seller();
    await demo.json(`/api/v1/shop/orders/${orderId}/refunds/`, { json: { amount: "15.00" } });
    const cancelled = await demo.json<{ status: string; payment_status: string; refunded_amount: string }>(
      `/api/v1/shop/orders/${orderId}/`,
      { method: "PATCH", json: { status: "cancelled" } },
    );
    expect(cancelled.body).toMatchObject({ status: "cancelled", payment_status: "refunded", refunded_amount: "40.00" });
    const refunds = await sql<{ amount_cents: number }[]>("select amount_cents from order_refunds where order_id = ? order by id", orderId);
    expect(refunds.map((r) => r.amount_cents)).toEqual([1500, 2500]);
    // The cancellation mail says it; no second refund mail for the rest.
    expect(await sql<unknown[]>("select id from mail_outbox where template = 'order_refund' and text like ?", "%€25.00%")).toHaveLength(0);

    const unpaid = await placeOrder();
    expect((await demo.json(`/api/v1/shop/orders/${unpaid.orderId}/refunds/`, { json: { amount: "1" } })).status).toBe(409);
    expect((await shopper.json(`/api/v1/shop/orders/${orderId}/refunds/`, { json: { amount: "1" } })).status).toBe(401);
    expect((await demo.json(`/api/v1/shop/orders/99999/refunds/`, { json: { amount: "1" } })).status).toBe(404);
    expect((await demo.json(`/api/v1/shop/orders/abc/refunds/`, { json: { amount: "1" } })).status).toBe(404);
    // None of the refused calls recorded a refund.
    expect(await sql<unknown[]>("select id from order_refunds where order_id = ?", unpaid.orderId)).toHaveLength(0);
    const after = await sql<{ amount_cents: number }[]>("select amount_cents from order_refunds where order_id = ? order by id", orderId);
    expect(after.map((r) => r.amount_cents)).toEqual([1500, 2500]);
    // The shopper's view of the order carries no refund reasons.
    expect(Object.keys((await shopper.json<Record<string, unknown>>(`/api/v1/shop/orders/${orderId}/`)).body)).not.toContain("refunds");
  });

  it("refunds from the order page without JavaScript: errors in place with what was typed, then a toast", async () => {
    const { orderId } = await paidOrder("30.00");
    const demo = new TestClient();
    await demo.signInAs("demo@example.com");
    const page = await demo.html(`/orders/${orderId}`);
    expect(page.html).toContain("Amount to refund (€)");

    const refused = await demo.request(`/orders/${orderId}`, {
      form: { intent: "refund", amount: "31", reason: "Broken mug", returnTo: `/orders/${orderId}` },
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("At most 30.00 can still be refunded.");
    expect(html).toContain('value="Broken mug"');
    expect(html).toContain('value="31"');

    const done = await demo.request(`/orders/${orderId}`, {
      form: { intent: "refund", amount: "12,50", reason: "Broken mug", returnTo: `/orders/${orderId}` },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/orders/${orderId}`);
    const after = await demo.html(`/orders/${orderId}`);
    expect(after.html).toMatch(/€12\.50 refunded for order #/);
    expect(after.html).toContain("Reason: Broken mug");
    expect(after.html).toContain("Partially refunded");
  });
});
