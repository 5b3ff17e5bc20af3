import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippingFields, sql, TestClient } from "./app";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";

// The Stripe adapter against a local server that answers like the Stripe API; webhooks are
// signed with the SDK's own test helper.
const WEBHOOK_SECRET = "whsec_test_secret_for_integration";
let fake: FakeStripe;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  fake = await startFakeStripe();
  process.env.STRIPE_SECRET_KEY = "sk_test_integration";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_integration";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = fake.url;
});
afterAll(() => fake.close());

async function webhook(event: Record<string, unknown>, options: { secret?: string; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  return new TestClient().json<{ received?: boolean; processed?: boolean; outcome?: string; message?: string }>(
    "/api/v1/payment/webhook/",
    {
      method: "POST",
      body: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      csrf: false,
    },
  );
}

// One shopper (one shopper cookie) throughout: orders are visible to whoever placed them.
const shopperClient = new TestClient("stripe-shop.localhost:3000");
const shopper = () => shopperClient;
const orderFields = shippingFields({
  full_name: "Sam Shopper",
  email: "sam@example.test",
  reference: "LIVE-42",
  total_amount: "100.00",
  items: [],
});

let accountId = "";
let seller: TestClient;
// Every idempotency key carries this installation's id (made once per database).
const keyPrefix = async () => `lc-${(await sql<{ id: string }[]>("select id from installation"))[0]!.id}-`;

describe("Stripe Connect onboarding", () => {
  it("creates the connected account once (seller pays fees, Stripe handles losses, full dashboard) and mints links", async () => {
    seller = new TestClient();
    const created = await seller.json("/api/v1/customer/register/complete/", {
      json: {
        business_name: "Stripe Shop",
        subdomain: "stripe-shop",
        business_type: "company",
        siret: "12345678901234",
        contact_email: "stripe-shop@example.test",
        contact_phone: "0600000000",
        email: "stripe-seller@example.test",
        first_name: "Stella",
        last_name: "Stripe",
        password: "Stripe123!",
        password_confirm: "Stripe123!",
      },
    });
    expect(created.status).toBe(201);
    const located = await seller.json<{ country: string }>("/api/v1/account/seller-profile/", {
      method: "PATCH",
      json: { business_address: "1 rue du Test", country: "be" },
    });
    expect(located.body.country).toBe("BE");

    const first = await seller.json<{ onboarding_url: string }>("/api/v1/customer/stripe/connect/", { method: "POST", json: {} });
    expect(first.status).toBe(200);
    const createCalls = fake.requests.filter((r) => r.path === "/v1/accounts" && r.method === "POST");
    expect(createCalls).toHaveLength(1);
    expect(createCalls[0]!.body).toMatchObject({
      "controller[fees][payer]": "account",
      "controller[losses][payments]": "stripe",
      "controller[stripe_dashboard][type]": "full",
      email: "stripe-seller@example.test",
      // From the seller profile, never hard-coded: it cannot change after creation.
      country: "BE",
    });
    expect(await keyPrefix()).toMatch(/^lc-[0-9a-f]{16}-$/);
    expect(createCalls[0]!.headers["idempotency-key"]).toMatch(new RegExp(`^${await keyPrefix()}connected-account-\\d+$`));
    accountId = [...fake.accounts.keys()][0]!;
    expect(first.body.onboarding_url).toBe(`https://connect.stripe.test/setup/${accountId}`);
    const link = fake.requests.find((r) => r.path === "/v1/account_links")!;
    expect(link.body).toMatchObject({
      account: accountId,
      type: "account_onboarding",
      return_url: "http://localhost:3000/dashboard#stripe-connect",
      refresh_url: "http://localhost:3000/onboarding/refresh",
    });

    // A second click mints a new link for the same account.
    await seller.json("/api/v1/customer/stripe/connect/", { method: "POST", json: {} });
    expect(fake.requests.filter((r) => r.path === "/v1/accounts" && r.method === "POST")).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === "/v1/account_links")).toHaveLength(2);

    // /onboarding/refresh mints a fresh link for the signed-in seller and redirects.
    await seller.request("/login");
    const loggedIn = new TestClient();
    await loggedIn.signInAs("stripe-seller@example.test");
    const refresh = await loggedIn.request("/onboarding/refresh");
    expect(refresh.status).toBe(302);
    expect(refresh.headers.get("Location")).toBe(`https://connect.stripe.test/setup/${accountId}`);
  });

  it("the business country is validated, and fixed once the payment account exists", async () => {
    const unknown = await seller.json<{ errors: Record<string, string[]> }>("/api/v1/account/seller-profile/", {
      method: "PATCH",
      json: { country: "XX" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.country).toEqual(["Choose a country from the list."]);
    const moved = await seller.json<{ errors: Record<string, string[]> }>("/api/v1/account/seller-profile/", {
      method: "PATCH",
      json: { country: "DE" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors.country).toEqual(["The country cannot change once your payment account is created."]);
    const same = await seller.json<{ country: string }>("/api/v1/account/seller-profile/", { method: "PATCH", json: { country: "BE" } });
    expect(same.status).toBe(200);
    expect(same.body.country).toBe("BE");
  });

  it("returning from onboarding proves nothing: update_status reads the account", async () => {
    const notYet = await seller.json<Record<string, unknown>>("/api/v1/customer/stripe/connect/update_status/", {
      method: "POST",
      json: {},
    });
    expect(notYet.body).toMatchObject({
      stripe_connect_account_id: accountId,
      can_receive_payments: false,
      stripe_onboarding_completed: false,
    });
    Object.assign(fake.accounts.get(accountId)!, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [] },
    });
    const ready = await seller.json<Record<string, unknown>>("/api/v1/customer/stripe/connect/update_status/", {
      method: "POST",
      json: {},
    });
    expect(ready.body).toMatchObject({ can_receive_payments: true, stripe_onboarding_completed: true, stripe_payouts_enabled: true });
    const info = await seller.json("/api/v1/customer/info/");
    expect(info.body).toEqual({ stripe_connect_account_id: accountId, client_name: "Stripe Shop" });
    // Approve: the shop goes live.
    await sql("update seller_profiles set verification_status = 'verified' where contact_email = 'stripe-shop@example.test'");
    await seller.json("/api/v1/account/seller-profile/", { method: "PATCH", json: { website: "https://stripe-shop.example" } });
    expect((await shopper().request("/products")).status).toBe(200);
  });
});

describe("payments on the connected account", () => {
  let orderId = 0;
  let transactionId = "";
  let intentId = "";

  it("creates the PaymentIntent on the seller's account with the platform fee, once per order", async () => {
    const client = shopper();
    const order = await client.json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
    expect(order.status).toBe(201);
    orderId = order.body.id;
    const pay = await client.json<Record<string, string>>("/api/v1/payment/pay/", { json: { order_id: orderId, provider_slug: "stripe" } });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({ amount: "100.00", currency: "EUR", provider: "stripe", stripe_account: accountId });
    transactionId = pay.body.transaction_id!;
    const create = fake.requests.filter((r) => r.path === "/v1/payment_intents" && r.method === "POST");
    expect(create).toHaveLength(1);
    expect(create[0]!.headers["stripe-account"]).toBe(accountId);
    expect(create[0]!.headers["idempotency-key"]).toBe(`${await keyPrefix()}order-${orderId}-payment`);
    // Cards only: no delayed methods whose intents stay "processing" for days.
    expect(create[0]!.body).toMatchObject({
      amount: "10000",
      currency: "eur",
      application_fee_amount: "240",
      "allowed_payment_method_types[0]": "card",
    });
    expect(create[0]!.body["automatic_payment_methods[enabled]"]).toBeUndefined();
    intentId = [...fake.intents.keys()][0]!;

    const again = await client.json<Record<string, string>>("/api/v1/payment/pay/", {
      json: { order_id: orderId, provider_slug: "stripe" },
    });
    expect(again.body.transaction_id).toBe(transactionId);
    expect(again.body.client_secret).toBe(pay.body.client_secret);
    expect(fake.requests.filter((r) => r.path === "/v1/payment_intents" && r.method === "POST")).toHaveLength(1);

    // Confirm asks Stripe; an unpaid intent leaves the order unpaid.
    const early = await client.json<{ status: string }>("/api/v1/payment/confirm/", {
      json: { transaction_id: transactionId, payment_intent_id: intentId },
    });
    expect(early.body.status).toBe("requires_payment_method");
    expect((await client.json<{ payment_status: string }>(`/api/v1/shop/orders/${orderId}/`)).body.payment_status).toBe(
      "requires_payment_method",
    );
    // Someone else (another shopper cookie) cannot see it.
    expect((await new TestClient("stripe-shop.localhost:3000").json(`/api/v1/shop/orders/${orderId}/`)).status).toBe(404);
  });

  it("rejects webhooks with a bad signature (400); the other mode's events are acknowledged (200) and ignored", async () => {
    const event = {
      id: "evt_bad",
      object: "event",
      type: "payment_intent.succeeded",
      account: accountId,
      livemode: false,
      data: { object: { ...fake.intents.get(intentId), status: "succeeded" } },
    };
    expect((await webhook(event, { secret: "whsec_wrong" })).status).toBe(400);
    expect((await webhook(event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    // A Connect endpoint receives live and test events; a 400 would be retried for days.
    const live = await webhook({ ...event, id: "evt_live", livemode: true });
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ received: true, processed: false, outcome: "livemode_mismatch" });
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "requires_payment_method",
    );
    expect(await sql("select id from payment_events where id = 'evt_live'")).toEqual([]);
    expect(
      (
        await new TestClient().json("/api/v1/payment/webhook/", {
          method: "POST",
          body: "{}",
          headers: { "Content-Type": "application/json" },
          csrf: false,
        })
      ).status,
    ).toBe(400);
  });

  it("payment_intent.succeeded pays the order once, whatever the duplicates", async () => {
    Object.assign(fake.intents.get(intentId)!, { status: "succeeded" });
    const event = {
      id: "evt_paid_1",
      object: "event",
      type: "payment_intent.succeeded",
      account: accountId,
      livemode: false,
      data: { object: fake.intents.get(intentId) },
    };
    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, processed: true, outcome: "applied" });
    const duplicate = await webhook(event);
    expect(duplicate.body).toEqual({ received: true, processed: false, outcome: "duplicate" });
    await shopper().json("/api/v1/payment/confirm/", { json: { transaction_id: transactionId, payment_intent_id: intentId } });

    const [order] = await sql<{ payment_status: string; paid_at: number }[]>(
      "select payment_status, paid_at from orders where id = ?",
      orderId,
    );
    expect(order!.payment_status).toBe("succeeded");
    expect(order!.paid_at).toBeGreaterThan(0);
    const mails = await sql<{ template: string }[]>("select template from mail_outbox where dedupe_key like ?", `order-paid:${orderId}:%`);
    expect(mails.map((m) => m.template).sort()).toEqual(["order_paid_seller", "order_paid_shopper"]);

    // A late failure event cannot undo the payment.
    const late = await webhook({
      id: "evt_late_fail",
      object: "event",
      type: "payment_intent.payment_failed",
      account: accountId,
      livemode: false,
      data: {
        object: {
          ...fake.intents.get(intentId),
          status: "requires_payment_method",
          last_payment_error: { message: "Your card was declined." },
        },
      },
    });
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ received: true, processed: false, outcome: "unchanged" });
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "succeeded",
    );
    // Paying a paid order is refused.
    const repay = await shopper().json<{ message: string }>("/api/v1/payment/pay/", {
      json: { order_id: orderId, provider_slug: "stripe" },
    });
    expect(repay.status).toBe(409);
    expect(repay.body.message).toBe("This order is already paid.");
  });

  it("charge.refunded marks the payment refunded", async () => {
    const refunded = await webhook({
      id: "evt_refund_1",
      object: "event",
      type: "charge.refunded",
      account: accountId,
      livemode: false,
      data: { object: { id: "ch_1", object: "charge", payment_intent: intentId, amount: 10000, amount_refunded: 10000 } },
    });
    expect(refunded.body).toEqual({ received: true, processed: true, outcome: "applied" });
    // The same refund told again by another event changes nothing, and says so.
    const again = await webhook({
      id: "evt_refund_2",
      object: "event",
      type: "charge.refunded",
      account: accountId,
      livemode: false,
      data: { object: { id: "ch_1", object: "charge", payment_intent: intentId, amount: 10000, amount_refunded: 10000 } },
    });
    expect(again.body).toEqual({ received: true, processed: false, outcome: "unchanged" });
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "refunded",
    );
  });

  it("cancelling a paid order refunds it on the connected account, application fee included", async () => {
    const order = await shopper().json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
    const pay = await shopper().json<{ transaction_id: string }>("/api/v1/payment/pay/", {
      json: { order_id: order.body.id, provider_slug: "stripe" },
    });
    const intent = [...fake.intents.values()].at(-1)!;
    Object.assign(intent, { status: "succeeded" });
    await shopper().json("/api/v1/payment/confirm/", { json: { transaction_id: pay.body.transaction_id, payment_intent_id: intent.id } });
    const cancelled = await seller.json<{ status: string; payment_status: string }>(`/api/v1/shop/orders/${order.body.id}/`, {
      method: "PATCH",
      json: { status: "cancelled" },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    const refund = fake.requests.filter((r) => r.path === "/v1/refunds").at(-1)!;
    expect(refund.body).toMatchObject({ payment_intent: intent.id, refund_application_fee: "true" });
    expect(refund.headers["stripe-account"]).toBe(accountId);
    // One key per refund (an order may be refunded in several parts).
    expect(refund.headers["idempotency-key"]).toMatch(new RegExp(`^${await keyPrefix()}order-${order.body.id}-refund-\\d+$`));
    expect(refund.body).toMatchObject({ amount: "10000" });
  });

  it("refunds part of a payment with the application fee in proportion; charge.refunded adds refunds made on Stripe", async () => {
    const order = await shopper().json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
    const pay = await shopper().json<{ transaction_id: string }>("/api/v1/payment/pay/", {
      json: { order_id: order.body.id, provider_slug: "stripe" },
    });
    const intent = [...fake.intents.values()].at(-1)!;
    Object.assign(intent, { status: "succeeded" });
    await shopper().json("/api/v1/payment/confirm/", { json: { transaction_id: pay.body.transaction_id, payment_intent_id: intent.id } });
    const refunded = await seller.json<{ order: { payment_status: string } }>(`/api/v1/shop/orders/${order.body.id}/refunds/`, {
      json: { amount: "25.00", reason: "Late delivery" },
    });
    expect(refunded.status).toBe(201);
    expect(refunded.body.order.payment_status).toBe("partially_refunded");
    const refund = fake.requests.filter((r) => r.path === "/v1/refunds").at(-1)!;
    expect(refund.body).toMatchObject({
      payment_intent: intent.id,
      amount: "2500",
      refund_application_fee: "true",
      "metadata[reason]": "Late delivery",
    });
    expect(refund.headers["stripe-account"]).toBe(accountId);

    // Stripe's event for our own refund changes nothing more.
    const ours = await webhook({
      id: "evt_partial_1",
      object: "event",
      type: "charge.refunded",
      account: accountId,
      livemode: false,
      data: { object: { id: "ch_2", object: "charge", payment_intent: intent.id, amount: 10000, amount_refunded: 2500 } },
    });
    expect(ours.body).toEqual({ received: true, processed: false, outcome: "unchanged" });
    // A refund made on the Stripe dashboard (15.00 more) is recorded in the history.
    const elsewhere = await webhook({
      id: "evt_partial_2",
      object: "event",
      type: "charge.refunded",
      account: accountId,
      livemode: false,
      data: { object: { id: "ch_2", object: "charge", payment_intent: intent.id, amount: 10000, amount_refunded: 4000 } },
    });
    expect(elsewhere.body).toEqual({ received: true, processed: true, outcome: "applied" });
    expect(
      (
        await sql<{ amount_cents: number }[]>(
          "select amount_cents from order_events where order_id = ? and kind = 'refund' order by id",
          order.body.id,
        )
      ).map((e) => e.amount_cents),
    ).toEqual([2500, 1500]);
    const detail = await seller.json<{ payment_status: string; refundable_amount: string }>(`/api/v1/shop/orders/${order.body.id}/`);
    expect(detail.body).toMatchObject({ payment_status: "partially_refunded", refundable_amount: "60.00" });
  });

  describe("a refund Stripe fails after it was made (refund.failed)", () => {
    const now = () => Math.floor(Date.now() / 1000);
    /** An order of 100.00 paid on the connected account; its intent. */
    async function paidOrder() {
      const order = await shopper().json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
      const pay = await shopper().json<{ transaction_id: string }>("/api/v1/payment/pay/", {
        json: { order_id: order.body.id, provider_slug: "stripe" },
      });
      const intent = [...fake.intents.values()].at(-1)!;
      Object.assign(intent, { status: "succeeded" });
      await shopper().json("/api/v1/payment/confirm/", { json: { transaction_id: pay.body.transaction_id, payment_intent_id: intent.id } });
      return { orderId: order.body.id, intentId: intent.id as string };
    }
    /** The seller's refund through the API, Stripe answering `status`; the Refund object Stripe made. */
    async function refund(orderId: number, amount: string, status: "succeeded" | "pending") {
      fake.refundStatus = status;
      try {
        const made = await seller.json<{ id: number; status: string; order: { payment_status: string } }>(
          `/api/v1/shop/orders/${orderId}/refunds/`,
          { json: { amount, reason: "Late delivery" } },
        );
        expect(made.status).toBe(201);
        return { ours: made.body, stripe: [...fake.refunds.values()].at(-1)! };
      } finally {
        fake.refundStatus = "succeeded";
      }
    }
    const refundEvent = (id: string, type: string, object: Record<string, unknown>, created = now(), account: string | null = accountId) =>
      webhook({ id, object: "event", type, account, created, livemode: false, data: { object } });
    const failed = (stripeRefund: Record<string, unknown>, reason = "expired_or_canceled_card") => ({
      ...stripeRefund,
      status: "failed",
      failure_reason: reason,
    });
    const refunds = (orderId: number) =>
      seller.json<{
        payment_status: string;
        refunded_amount: string;
        refundable_amount: string;
        refunds: { id: number; status: string; failure_reason: string | null }[];
      }>(`/api/v1/shop/orders/${orderId}/`);
    // React separates adjacent texts with empty comments.
    const textOf = (html: string) => html.replaceAll("<!-- -->", "");
    const refundEvents = async (orderId: number) =>
      (
        await sql<{ kind: string; amount_cents: number }[]>(
          "select kind, amount_cents from order_events where order_id = ? and kind in ('refund', 'refund_failed') order by id",
          orderId,
        )
      ).map((e) => `${e.kind} ${e.amount_cents}`);

    it("a pending refund that fails shows failed with its reason (en, fr), counts for nothing, and can be made again; seller and shopper are told once", async () => {
      const { orderId } = await paidOrder();
      const { ours, stripe } = await refund(orderId, "25.00", "pending");
      expect(ours).toMatchObject({ status: "pending", order: { payment_status: "succeeded" } });
      // Our refund's id travels with it, so that its events find it.
      expect(stripe.metadata).toEqual({ order_refund_id: String(ours.id), reason: "Late delivery" });
      expect((await refunds(orderId)).body).toMatchObject({ refunded_amount: "25.00", refundable_amount: "75.00" });

      const first = await refundEvent("evt_rf_1", "refund.failed", failed(stripe));
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ received: true, processed: true, outcome: "applied" });
      // The same event again, and the other events Stripe sends about the same failure, change nothing.
      expect((await refundEvent("evt_rf_1", "refund.failed", failed(stripe))).body).toEqual({
        received: true,
        processed: false,
        outcome: "duplicate",
      });
      expect((await refundEvent("evt_rf_2", "refund.updated", failed(stripe))).body.outcome).toBe("unchanged");
      expect((await refundEvent("evt_rf_3", "charge.refund.updated", failed(stripe))).body.outcome).toBe("unchanged");

      const detail = await refunds(orderId);
      expect(detail.body).toMatchObject({ payment_status: "succeeded", refunded_amount: "0.00", refundable_amount: "100.00" });
      expect(detail.body.refunds).toEqual([
        expect.objectContaining({ id: ours.id, status: "failed", failure_reason: "expired_or_canceled_card" }),
      ]);
      // Never counted, so nothing to take back from the history.
      expect(await refundEvents(orderId)).toEqual([]);

      const page = textOf((await seller.html(`/orders/${orderId}`)).html);
      expect(page).toContain("Refund of €25.00 (failed)");
      expect(page).toContain('data-testid="refund-failed-later"');
      expect(page).toContain("The card has expired or was cancelled. It did not reach the shopper, and its amount can be refunded again.");
      const french = await new TestClient().signInAs("stripe-seller@example.test");
      const frenchPage = textOf((await french.html(`/orders/${orderId}`, { headers: { "Accept-Language": "fr" } })).html);
      expect(frenchPage).toContain("(échoué)");
      expect(frenchPage).toContain("La carte a expiré ou a été annulée. Il n&#x27;est pas parvenu au client");

      const mails = await sql<{ template: string; to: string; subject: string }[]>(
        "select template, \"to\", subject from mail_outbox where template in ('refund_failed_seller', 'order_refund_failed') and dedupe_key like ? order by id",
        `%:${ours.id}`,
      );
      expect(mails).toEqual([
        {
          template: "refund_failed_seller",
          to: "stripe-seller@example.test",
          subject: expect.stringContaining("the refund of €25.00 failed"),
        },
        { template: "order_refund_failed", to: "sam@example.test", subject: expect.stringContaining("did not go through") },
      ]);

      // The seller refunds again, the whole payment.
      const again = await refund(orderId, "100.00", "succeeded");
      expect(again.ours).toMatchObject({ status: "succeeded", order: { payment_status: "refunded" } });
    });

    it("a refund first reported succeeded that fails later gives back what it counted: payment state, refunded total, history", async () => {
      const { orderId, intentId } = await paidOrder();
      const made = now();
      const { ours, stripe } = await refund(orderId, "40.00", "succeeded");
      expect(ours.order.payment_status).toBe("partially_refunded");
      const charge = { id: "ch_rf_2", object: "charge", payment_intent: intentId, amount: 10000, amount_refunded: 4000 };
      expect((await refundEvent("evt_rf_10", "charge.refunded", charge, made)).body.outcome).toBe("unchanged");

      const failure = await refundEvent("evt_rf_11", "refund.failed", failed(stripe, "lost_or_stolen_card"), made + 30);
      expect(failure.body).toEqual({ received: true, processed: true, outcome: "applied" });
      expect((await refunds(orderId)).body).toMatchObject({
        payment_status: "succeeded",
        refunded_amount: "0.00",
        refundable_amount: "100.00",
      });
      expect(await refundEvents(orderId)).toEqual(["refund 4000", "refund_failed 4000"]);
      const page = textOf((await seller.html(`/orders/${orderId}`)).html);
      expect(page).toContain("Refund of €40.00 failed");
      expect(page).toContain("The card was reported lost or stolen.");

      // The charge's total of before the failure, delivered late, brings nothing back.
      const late = await refundEvent("evt_rf_12", "charge.refunded", charge, made);
      expect(late.body).toEqual({ received: true, processed: false, outcome: "unchanged" });
      expect(await refundEvents(orderId)).toEqual(["refund 4000", "refund_failed 4000"]);
      expect((await refunds(orderId)).body).toMatchObject({ payment_status: "succeeded", refundable_amount: "100.00" });
    });

    it("a refund.failed that arrives before the charge.refunded of the refund's making: the late total brings nothing back", async () => {
      const { orderId, intentId } = await paidOrder();
      const made = now();
      const { stripe } = await refund(orderId, "30.00", "pending");
      expect((await refundEvent("evt_rf_20", "refund.failed", failed(stripe), made + 60)).body.outcome).toBe("applied");
      const charge = { id: "ch_rf_3", object: "charge", payment_intent: intentId, amount: 10000, amount_refunded: 3000 };
      const late = await refundEvent("evt_rf_21", "charge.refunded", charge, made);
      expect(late.body).toEqual({ received: true, processed: false, outcome: "unchanged" });
      expect(await refundEvents(orderId)).toEqual([]);
      expect((await refunds(orderId)).body).toMatchObject({
        payment_status: "succeeded",
        refunded_amount: "0.00",
        refundable_amount: "100.00",
      });
    });

    it("a cancel whose refund Stripe answers pending, then fails: the order stays cancelled and its payment can be refunded again", async () => {
      const { orderId } = await paidOrder();
      fake.refundStatus = "pending";
      try {
        const cancelled = await seller.json<{ status: string; payment_status: string }>(`/api/v1/shop/orders/${orderId}/`, {
          method: "PATCH",
          json: { status: "cancelled" },
        });
        expect(cancelled.body).toMatchObject({ status: "cancelled", payment_status: "succeeded" });
      } finally {
        fake.refundStatus = "succeeded";
      }
      const stripe = [...fake.refunds.values()].at(-1)!;
      expect((await refundEvent("evt_rf_30", "refund.failed", failed(stripe))).body.outcome).toBe("applied");
      const detail = await seller.json<{ status: string; payment_status: string; refundable_amount: string }>(
        `/api/v1/shop/orders/${orderId}/`,
      );
      expect(detail.body).toMatchObject({ status: "cancelled", payment_status: "succeeded", refundable_amount: "100.00" });
      const again = await refund(orderId, "100.00", "succeeded");
      expect(again.ours.order.payment_status).toBe("refunded");
    });

    it("refund events about a refund we do not have, or another account's, are answered unknown (200), once", async () => {
      const { orderId, intentId } = await paidOrder();
      const { ours, stripe } = await refund(orderId, "10.00", "pending");
      const dashboardRefund = {
        id: "re_not_ours",
        object: "refund",
        amount: 1000,
        status: "failed",
        payment_intent: intentId,
        metadata: {},
      };
      const unknown = await refundEvent("evt_rf_40", "refund.failed", dashboardRefund);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual({ received: true, processed: false, outcome: "unknown_refund" });
      expect((await refundEvent("evt_rf_40", "refund.failed", dashboardRefund)).body.outcome).toBe("duplicate");
      // Our refund's ids, told by another account.
      expect((await refundEvent("evt_rf_41", "refund.failed", failed(stripe), now(), "acct_not_ours")).body.outcome).toBe("unknown_refund");
      // Our refund's id in the metadata of a refund of another payment.
      const elsewhere = { ...failed(stripe), id: "re_other_payment", payment_intent: "pi_not_ours" };
      expect((await refundEvent("evt_rf_42", "refund.failed", elsewhere)).body.outcome).toBe("unknown_refund");
      // The platform's own refunds (no connected account) are not ours to act on.
      expect((await refundEvent("evt_rf_43", "refund.failed", failed(stripe), now(), null)).body.outcome).toBe("not_handled");
      expect((await refunds(orderId)).body.refunds).toEqual([
        expect.objectContaining({ id: ours.id, status: "pending", failure_reason: null }),
      ]);
    });
  });

  it("a processing payment is shown as processing, never handed back to the payment form; the webhook settles it", async () => {
    const client = shopper();
    const order = await client.json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
    const pay = await client.json<{ transaction_id: string }>("/api/v1/payment/pay/", {
      json: { order_id: order.body.id, provider_slug: "stripe" },
    });
    const intent = [...fake.intents.values()].at(-1)!;
    Object.assign(intent, { status: "processing" });
    const confirm = await client.json<{ status: string }>("/api/v1/payment/confirm/", {
      json: { transaction_id: pay.body.transaction_id, payment_intent_id: intent.id },
    });
    expect(confirm.body.status).toBe("processing");
    // Back from the bank: to the payment step, which says "processing" (no failure toast).
    const back = await client.request(
      `/payment-success?transaction_id=${pay.body.transaction_id}&payment_intent=${intent.id}&redirect_status=succeeded`,
    );
    expect(back.headers.get("Location")).toBe(`/?order=${order.body.id}&step=payment`);
    expect(back.headers.get("Set-Cookie") ?? "").not.toContain("toast");
    const page = await client.html(`/?order=${order.body.id}&step=payment`);
    expect(page.html).toContain('data-testid="payment-processing"');
    expect(page.html).toContain("Payment processing");
    expect(page.html).not.toContain("Back to shipping");
    // The bank settles it: the webhook pays the order and the checkout shows the success step.
    Object.assign(intent, { status: "succeeded" });
    const settled = await webhook({
      id: "evt_processing_done",
      object: "event",
      type: "payment_intent.succeeded",
      account: accountId,
      livemode: false,
      data: { object: intent },
    });
    expect(settled.body.outcome).toBe("applied");
    const done = await client.html(`/?order=${order.body.id}&step=payment`);
    expect(done.html).not.toContain('data-testid="payment-processing"');
    expect(
      (await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", order.body.id))[0]!.payment_status,
    ).toBe("succeeded");
  });

  it("disputes are recorded on the order, shown to the seller (not the shopper), kept in the history and mailed", async () => {
    const client = shopper();
    const order = await client.json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
    const pay = await client.json<{ transaction_id: string }>("/api/v1/payment/pay/", {
      json: { order_id: order.body.id, provider_slug: "stripe" },
    });
    const intent = [...fake.intents.values()].at(-1)!;
    Object.assign(intent, { status: "succeeded" });
    await client.json("/api/v1/payment/confirm/", { json: { transaction_id: pay.body.transaction_id, payment_intent_id: intent.id } });
    const dispute = {
      id: "dp_test_1",
      object: "dispute",
      amount: 10000,
      currency: "eur",
      reason: "fraudulent",
      status: "needs_response",
      payment_intent: intent.id,
      charge: "ch_d1",
      evidence_details: { due_by: 1893456000 },
    };
    const disputeEvent = (id: string, type: string, object: Record<string, unknown>) =>
      webhook({ id, object: "event", type, account: accountId, livemode: false, data: { object } });

    const opened = await disputeEvent("evt_dp_1", "charge.dispute.created", dispute);
    expect(opened.body).toEqual({ received: true, processed: true, outcome: "applied" });
    expect((await disputeEvent("evt_dp_1", "charge.dispute.created", dispute)).body.outcome).toBe("duplicate");
    expect(await sql("select status, reason, amount_cents from payment_disputes where provider_dispute_id = 'dp_test_1'")).toEqual([
      { status: "needs_response", reason: "fraudulent", amount_cents: 10000 },
    ]);

    const sellerPage = await seller.html(`/orders/${order.body.id}`);
    expect(sellerPage.status).toBe(200);
    expect(sellerPage.html).toContain('data-testid="order-disputes"');
    expect(sellerPage.html).toContain("Payment disputes");
    expect(sellerPage.html).toContain("Fraudulent");
    expect(sellerPage.html).toContain("Payment dispute: response needed");
    // The seller's order list carries it to its detail dialog (in the page's data); the
    // shopper's confirmation does not show it.
    expect((await seller.html("/orders")).html).toContain("needs_response");
    expect((await client.html(`/order-confirmation/${order.body.id}`)).html).not.toContain("Payment disputes");

    const mails = () =>
      sql<{ to: string; subject: string }[]>(
        "select \"to\", subject from mail_outbox where template = 'payment_dispute_seller' order by id",
      );
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]).toMatchObject({ to: "stripe-seller@example.test" });
    expect((await mails())[0]!.subject).toContain("the payment is disputed");

    const lost = await disputeEvent("evt_dp_2", "charge.dispute.closed", { ...dispute, status: "lost" });
    expect(lost.body.outcome).toBe("applied");
    // A late update cannot reopen a closed dispute.
    const late = await disputeEvent("evt_dp_3", "charge.dispute.updated", { ...dispute, status: "under_review" });
    expect(late.body).toEqual({ received: true, processed: false, outcome: "unchanged" });
    expect(await sql("select status from payment_disputes where provider_dispute_id = 'dp_test_1'")).toEqual([{ status: "lost" }]);
    expect(await mails()).toHaveLength(2);
    expect((await mails())[1]!.subject).toContain("dispute closed (lost)");
    const closedPage = await seller.html(`/orders/${order.body.id}`);
    expect(closedPage.html).toContain("Payment dispute: lost");
    // A dispute on a payment we do not have says so.
    expect(
      (await disputeEvent("evt_dp_4", "charge.dispute.created", { ...dispute, id: "dp_other", payment_intent: "pi_unknown" })).body.outcome,
    ).toBe("unknown_payment");
  });

  it("account.updated re-reads the account and says whether it changed anything", async () => {
    const before = fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/accounts/${accountId}`).length;
    Object.assign(fake.accounts.get(accountId)!, { payouts_enabled: false });
    const updated = await webhook({
      id: "evt_acct_1",
      object: "event",
      type: "account.updated",
      account: accountId,
      livemode: false,
      data: { object: fake.accounts.get(accountId) },
    });
    expect(updated.body).toEqual({ received: true, processed: true, outcome: "applied" });
    expect(fake.requests.filter((r) => r.method === "GET" && r.path === `/v1/accounts/${accountId}`).length).toBe(before + 1);
    expect(
      (
        await sql<{ p: number }[]>(
          "select case when stripe_payouts_enabled then 1 else 0 end as p from seller_profiles where stripe_connect_account_id = ?",
          accountId,
        )
      )[0]!.p,
    ).toBe(0);
    const same = await webhook({
      id: "evt_acct_2",
      object: "event",
      type: "account.updated",
      account: accountId,
      livemode: false,
      data: { object: fake.accounts.get(accountId) },
    });
    expect(same.body).toEqual({ received: true, processed: false, outcome: "unchanged" });
    Object.assign(fake.accounts.get(accountId)!, { payouts_enabled: true });
    await seller.json("/api/v1/customer/stripe/connect/update_status/", { method: "POST", json: {} });
  });

  it("events about nothing we know, or of types we do not act on, say so", async () => {
    const stranger = await webhook({
      id: "evt_other_pi",
      object: "event",
      type: "payment_intent.succeeded",
      account: accountId,
      livemode: false,
      data: { object: { ...fake.intents.get(intentId), id: "pi_not_ours", status: "succeeded" } },
    });
    expect(stranger.body).toEqual({ received: true, processed: false, outcome: "unknown_payment" });
    const otherAccount = await webhook({
      id: "evt_other_acct",
      object: "event",
      type: "account.updated",
      account: "acct_not_ours",
      livemode: false,
      data: { object: { id: "acct_not_ours", object: "account" } },
    });
    expect(otherAccount.body).toEqual({ received: true, processed: false, outcome: "unknown_account" });
    const unhandled = await webhook({
      id: "evt_payout",
      object: "event",
      type: "payout.paid",
      account: accountId,
      livemode: false,
      data: { object: { id: "po_1", object: "payout" } },
    });
    expect(unhandled.body).toEqual({ received: true, processed: false, outcome: "not_handled" });
  });

  it("refuses the simulated provider's slug and endpoints when Stripe is configured", async () => {
    const order = await shopper().json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
    const wrong = await shopper().json<{ errors: Record<string, string[]> }>("/api/v1/payment/pay/", {
      json: { order_id: order.body.id, provider_slug: "simulated" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.provider_slug).toEqual(["This payment provider is not available."]);
    expect(
      (
        await shopper().json("/api/v1/payment/simulated/confirm/", {
          json: { client_secret: "x", card_number: "4242424242424242", exp_month: 1, exp_year: 2099, cvc: "123" },
        })
      ).status,
    ).toBe(404);
  });

  it("account.application.deauthorized forgets the dead account and reopens the payment step; connecting again makes a new account", async () => {
    const gone = await webhook({
      id: "evt_deauth_1",
      object: "event",
      type: "account.application.deauthorized",
      account: accountId,
      livemode: false,
      data: { object: { id: "ca_1", object: "application" } },
    });
    expect(gone.body).toEqual({ received: true, processed: true, outcome: "applied" });
    const profile = await seller.json<{
      stripe_connect_account_id: string | null;
      can_receive_payments: boolean;
      onboarding_steps: { step: string; completed: boolean }[];
    }>("/api/v1/account/seller-profile/");
    expect(profile.body.stripe_connect_account_id).toBeNull();
    expect(profile.body.can_receive_payments).toBe(false);
    expect(profile.body.onboarding_steps.find((s) => s.step === "stripe_connect")).toEqual({ step: "stripe_connect", completed: false });
    // The shop cannot take payments any more: it is offline until the seller reconnects.
    const shopOrders = async () =>
      (
        await sql<{ n: number }[]>(
          "select count(*) as n from orders where shop_id = (select id from shops where subdomain = 'stripe-shop')",
        )
      )[0]!.n;
    const ordersBefore = await shopOrders();
    expect((await shopper().json("/api/v1/shop/orders/", { json: orderFields })).status).toBe(404);
    expect(await shopOrders()).toBe(ordersBefore);
    const again = await webhook({
      id: "evt_deauth_2",
      object: "event",
      type: "account.application.deauthorized",
      account: accountId,
      livemode: false,
      data: { object: { id: "ca_1", object: "application" } },
    });
    expect(again.body).toEqual({ received: true, processed: false, outcome: "unknown_account" });

    // Connecting again creates a new account (a new idempotency key), never the dead one.
    const connect = await seller.json<{ onboarding_url: string }>("/api/v1/customer/stripe/connect/", { method: "POST", json: {} });
    expect(connect.status).toBe(200);
    const creates = fake.requests.filter((r) => r.path === "/v1/accounts" && r.method === "POST");
    expect(creates).toHaveLength(2);
    expect(creates[1]!.headers["idempotency-key"]).not.toBe(creates[0]!.headers["idempotency-key"]);
    const newAccountId = [...fake.accounts.keys()].at(-1)!;
    expect(newAccountId).not.toBe(accountId);
    expect(connect.body.onboarding_url).toBe(`https://connect.stripe.test/setup/${newAccountId}`);
    Object.assign(fake.accounts.get(newAccountId)!, {
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [] },
    });
    const ready = await seller.json<Record<string, unknown>>("/api/v1/customer/stripe/connect/update_status/", {
      method: "POST",
      json: {},
    });
    expect(ready.body).toMatchObject({ stripe_connect_account_id: newAccountId, can_receive_payments: true });
    expect((await shopper().json("/api/v1/shop/orders/", { json: orderFields })).status).toBe(201);
  });
});
