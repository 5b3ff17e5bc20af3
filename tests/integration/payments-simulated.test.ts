import { describe, expect, it } from "vitest";
import { onPostgres, shippingFields, sql, TestClient } from "./app";

const orderFields = shippingFields({
  full_name: "Nina Shopper",
  email: "nina@example.test",
  live_reference: "Live of Friday",
  total_amount: 39,
  items: [{ product: 1, quantity: 1 }],
});
const card = (number: string) => ({ card_number: number, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: "123" });

async function orderAndIntent(shopper: TestClient) {
  const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
  expect(order.status).toBe(201);
  const pay = await shopper.json<{ client_secret: string; transaction_id: string; test_mode: boolean }>("/api/v1/payment/pay/", {
    json: { order_id: order.body.id, provider_slug: "simulated" },
  });
  expect(pay.status).toBe(200);
  return { orderId: order.body.id, ...pay.body };
}

describe("simulated provider: paying", () => {
  it("4242 4242 4242 4242 succeeds; confirm asks the provider and the order is paid", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const { orderId, client_secret, transaction_id, test_mode } = await orderAndIntent(shopper);
    expect(test_mode).toBe(true);
    expect(client_secret).toMatch(/^pi_sim_\w+_secret_\w+$/);
    const paid = await shopper.json<{ id: string; status: string; error: string | null }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret, ...card("4242 4242 4242 4242") },
    });
    expect(paid.body).toMatchObject({ status: "succeeded", error: null });
    const confirm = await shopper.json("/api/v1/payment/confirm/", { json: { transaction_id, payment_intent_id: paid.body.id } });
    expect(confirm.body).toMatchObject({ status: "succeeded", order_id: orderId });
    const order = await shopper.json<Record<string, unknown>>(`/api/v1/shop/orders/${orderId}/`);
    expect(order.body).toMatchObject({ payment_status: "succeeded", status: "pending", total_amount: "39.00" });
    expect(order.body.items).toEqual([
      { id: expect.any(Number), product: { id: 1, name: "Silk Scarf Aurora" }, variant: null, quantity: 1, price: "39.00" },
    ]);
    // Exactly one confirmation to the shopper and one new-order mail to the seller.
    expect(
      (await sql<{ to: string }[]>('select "to" from mail_outbox where dedupe_key like ? order by "to"', `order-paid:${orderId}:%`)).map(
        (r) => r.to,
      ),
    ).toEqual(["demo@example.com", "nina@example.test"]);
  });

  it("4000 0000 0000 0002 is declined with the card message; the order stays unpaid and can be retried", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const { orderId, client_secret, transaction_id } = await orderAndIntent(shopper);
    const declined = await shopper.json<{ id: string; status: string; error: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret, ...card("4000000000000002") },
    });
    expect(declined.body).toMatchObject({ status: "failed", error: "Your card was declined." });
    const french = await shopper.json<{ error: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret, ...card("4000000000000002") },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.body.error).toBe("Votre carte a été refusée.");
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "failed",
    );
    const retry = await shopper.json<{ id: string; status: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret, ...card("4242424242424242") },
    });
    expect(retry.body.status).toBe("succeeded");
    await shopper.json("/api/v1/payment/confirm/", { json: { transaction_id, payment_intent_id: retry.body.id } });
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "succeeded",
    );
  });

  it("4000 0025 0000 3155 asks for authentication: Complete pays, Fail does not", async () => {
    for (const outcome of ["complete", "fail"] as const) {
      const shopper = new TestClient("demo.localhost:3000");
      const { orderId, client_secret } = await orderAndIntent(shopper);
      const challenge = await shopper.json<{ id: string; status: string; next_action_url: string }>("/api/v1/payment/simulated/confirm/", {
        json: { client_secret, ...card("4000002500003155") },
      });
      expect(challenge.body.status).toBe("requires_action");
      expect(challenge.body.next_action_url).toBe(`/payments/simulated/authenticate/${challenge.body.id}`);
      const page = await shopper.html(`${challenge.body.next_action_url}?return_to=/orders`);
      expect(page.html).toContain("Test mode");
      const answer = await shopper.request(challenge.body.next_action_url, { form: { outcome, return_to: "/orders" } });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(
        `/orders?payment_intent=${challenge.body.id}&redirect_status=${outcome === "complete" ? "succeeded" : "failed"}`,
      );
      const status = (await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!
        .payment_status;
      expect(status).toBe(outcome === "complete" ? "succeeded" : "failed");
    }
  });

  it("only the paying shopper's browser can see or answer the authentication step, whoever knows the intent id", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const { orderId, client_secret } = await orderAndIntent(shopper);
    const challenge = await shopper.json<{ id: string; next_action_url: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret, ...card("4000002500003155") },
    });
    const url = challenge.body.next_action_url;
    const strangers = [new TestClient("demo.localhost:3000"), new TestClient("localhost:3000")];
    // The shop's seller can see the order, but the bank's challenge is the shopper's.
    const seller = new TestClient("demo.localhost:3000");
    await seller.signInAs("demo@example.com");
    for (const stranger of [...strangers, seller]) {
      expect((await stranger.request(`${url}?return_to=/orders`)).status).toBe(404);
      expect((await stranger.request(url, { form: { outcome: "complete", return_to: "/orders" } })).status).toBe(404);
    }
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "requires_action",
    );
    expect(
      (await sql<{ status: string }[]>("select status from simulated_payment_intents where id = ?", challenge.body.id))[0]!.status,
    ).toBe("requires_action");
    // An id that does not exist answers the same 404.
    expect((await shopper.request("/payments/simulated/authenticate/pi_sim_nope")).status).toBe(404);
    const answer = await shopper.request(url, { form: { outcome: "complete", return_to: "/orders" } });
    expect(answer.status).toBe(302);
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "succeeded",
    );
  });

  it("checks the card fields", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const { client_secret } = await orderAndIntent(shopper);
    const bad = (over: Record<string, unknown>) =>
      shopper.json<{ error: string }>("/api/v1/payment/simulated/confirm/", {
        json: { client_secret, ...card("4242424242424242"), ...over },
      });
    expect((await bad({ card_number: "1234 5678 9012 3456" })).body.error).toBe("Your card number is incorrect.");
    expect((await bad({ exp_year: 2020 })).body.error).toBe("Your card's expiration date is in the past.");
    expect((await bad({ cvc: "1" })).body.error).toBe("Your card's security code is incomplete.");
    // An unknown client secret is the caller's mistake (the provider's invalid_request): a 400, not a 502.
    const unknown = await shopper.json<{ message: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret: "nope", ...card("4242424242424242") },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("No such payment_intent");
  });
});

describe("who may pay", () => {
  it("another shopper, another shop and unknown orders get a 404", async () => {
    const owner = new TestClient("demo.localhost:3000");
    const order = await owner.json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
    const stranger = new TestClient("demo.localhost:3000");
    expect((await stranger.json("/api/v1/payment/pay/", { json: { order_id: order.body.id, provider_slug: "simulated" } })).status).toBe(
      404,
    );
    expect((await stranger.json(`/api/v1/shop/orders/${order.body.id}/`)).status).toBe(404);
    expect((await owner.json("/api/v1/payment/pay/", { json: { order_id: 999999, provider_slug: "simulated" } })).status).toBe(404);
  });

  it("a shop that cannot receive payments answers 409 with the spec's text", async () => {
    await sql("update seller_profiles set stripe_charges_enabled = false where contact_email = 'demo@example.com'");
    try {
      const shopper = new TestClient("demo.localhost:3000");
      const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", { json: orderFields });
      const pay = await shopper.json<{ message: string }>("/api/v1/payment/pay/", {
        json: { order_id: order.body.id, provider_slug: "simulated" },
      });
      expect(pay.status).toBe(409);
      expect(pay.body.message).toBe("This shop cannot receive payments yet.");
      expect((await shopper.json("/api/v1/customer/info/")).body).toEqual({
        stripe_connect_account_id: null,
        client_name: "Demo Live Shop",
      });
    } finally {
      await sql("update seller_profiles set stripe_charges_enabled = true where contact_email = 'demo@example.com'");
    }
  });

  it("validates the pay and confirm payloads", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const wrongType = await shopper.json<{ errors: Record<string, string[]> }>("/api/v1/payment/pay/", {
      json: { order_id: "abc", provider_slug: "simulated" },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors.order_id).toEqual(["This value has the wrong type"]);
    const missing = await shopper.json<{ errors: Record<string, string[]> }>("/api/v1/payment/pay/", {
      json: { provider_slug: "simulated" },
    });
    expect(missing.body.errors.order_id).toEqual(["This field is required"]);
    expect((await shopper.json("/api/v1/payment/confirm/", { json: {} })).status).toBe(400);
    expect(
      (await shopper.json("/api/v1/payment/confirm/", { json: { transaction_id: "txn_nope", payment_intent_id: "pi_x" } })).status,
    ).toBe(404);
  });
});

describe("exactly once", () => {
  it("confirms and provider events arriving together, repeatedly, leave one paid order, one transaction, one mail each", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const { orderId, client_secret, transaction_id } = await orderAndIntent(shopper);
    // Concurrent pay calls share one intent.
    const pays = await Promise.all(
      Array.from({ length: 5 }, () =>
        shopper.json<{ transaction_id: string }>("/api/v1/payment/pay/", { json: { order_id: orderId, provider_slug: "simulated" } }),
      ),
    );
    expect(new Set(pays.map((p) => p.body.transaction_id))).toEqual(new Set([transaction_id]));

    const [paid] = await Promise.all([
      shopper.json<{ id: string; status: string }>("/api/v1/payment/simulated/confirm/", {
        json: { client_secret, ...card("4242424242424242") },
      }),
      shopper.json<{ id: string; status: string }>("/api/v1/payment/simulated/confirm/", {
        json: { client_secret, ...card("4242424242424242") },
      }),
    ]);
    const intentId = paid!.body.id;
    const confirms = await Promise.all(
      Array.from({ length: 12 }, () =>
        shopper.json<{ status: string }>("/api/v1/payment/confirm/", { json: { transaction_id, payment_intent_id: intentId } }),
      ),
    );
    expect(confirms.every((c) => c.body.status === "succeeded")).toBe(true);

    expect((await sql<{ n: number }[]>("select count(*) n from payment_transactions where order_id = ?", orderId))[0]!.n).toBe(1);
    expect((await sql<{ n: number }[]>("select count(*) n from order_events where order_id = ? and kind = 'payment'", orderId))[0]!.n).toBe(
      1,
    );
    const mails = await sql<{ template: string }[]>("select template from mail_outbox where dedupe_key like ?", `order-paid:${orderId}:%`);
    expect(mails.map((m) => m.template).sort()).toEqual(["order_paid_seller", "order_paid_shopper"]);
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "succeeded",
    );
  });
});

describe("simulated onboarding", () => {
  it("connects a seller through the onboarding page; update_status then reports it", async () => {
    const seller = new TestClient();
    await seller.json("/api/v1/customer/register/complete/", {
      json: {
        business_name: "Sim Shop",
        subdomain: "sim-shop",
        business_type: "individual",
        siret: "12345678901234",
        contact_email: "sim@example.test",
        contact_phone: "0600000000",
        email: "sim-seller@example.test",
        first_name: "Sim",
        last_name: "Seller",
        password: "Simshop123!",
        password_confirm: "Simshop123!",
      },
    });
    const connect = await seller.json<{ onboarding_url: string }>("/api/v1/customer/stripe/connect/", { method: "POST", json: {} });
    const url = new URL(connect.body.onboarding_url);
    expect(url.pathname).toBe("/payments/simulated/onboarding");
    // The page works on the signed-in seller's own account only.
    await seller.request("/login");
    const pageClient = new TestClient();
    await pageClient.signInAs("sim-seller@example.test");
    const page = await pageClient.html(url.pathname + url.search);
    expect(page.html).toContain("Test mode");
    const bad = await pageClient.html(url.pathname, { form: { business_name: "Sim Shop", country: "FR", iban: "nope" } });
    expect(bad.status).toBe(400);
    const done = await pageClient.request(url.pathname, {
      form: { business_name: "Sim Shop", country: "FR", iban: "FR76 3000 6000 0112 3456 7890 189" },
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/dashboard#stripe-connect");
    const status = await seller.json<Record<string, unknown>>("/api/v1/customer/stripe/connect/update_status/", {
      method: "POST",
      json: {},
    });
    expect(status.body).toMatchObject({ can_receive_payments: true, stripe_onboarding_completed: true, stripe_payouts_enabled: true });
    expect(
      (status.body.onboarding_steps as { step: string; completed: boolean }[]).find((s) => s.step === "stripe_connect")?.completed,
    ).toBe(true);

    const visitor = await new TestClient().request(url.pathname);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("/login");
  });
});

describe("confirming on another shop's host", () => {
  it("is a 404: the order's shop's host only (or the main site), even for the shopper who placed it", async () => {
    // A signed-in shopper places and pays an order in the demo shop.
    const owner = await new TestClient("demo.localhost:3000").signInAs("admin@example.com");
    const { orderId, client_secret, transaction_id } = await orderAndIntent(owner);
    const paid = await owner.json<{ id: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret, ...card("4242424242424242") },
    });
    const confirmation = { transaction_id, payment_intent_id: paid.body.id };
    // A second live shop's host answers for that shop alone.
    await sql("update shops set is_live = ? where subdomain = 'pending-crafts'", onPostgres() ? true : 1);
    const elsewhere = await new TestClient("pending-crafts.localhost:3000").signInAs("admin@example.com");
    const refused = await elsewhere.json<Record<string, unknown>>("/api/v1/payment/confirm/", { json: confirmation });
    expect(refused.status).toBe(404);
    expect(refused.body.order_id).toBeUndefined();
    const landing = await elsewhere.request(`/payment-success?transaction_id=${transaction_id}&payment_intent=${paid.body.id}`);
    expect(landing.headers.get("Location")).toBe("/");

    expect((await owner.json("/api/v1/payment/confirm/", { json: confirmation })).body).toMatchObject({
      order_id: orderId,
      status: "succeeded",
    });
  });
});

describe("the 3-D Secure page on another shop's host", () => {
  it("is a 404, shown or answered, even with the paying shopper's cookie; the order's shop's host still works", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const { orderId, client_secret } = await orderAndIntent(shopper);
    const challenge = await shopper.json<{ id: string; next_action_url: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret, ...card("4000002500003155") },
    });
    const url = challenge.body.next_action_url;
    // A second live shop's host, sent the very shopper cookie that placed the order.
    await sql("update shops set is_live = ? where subdomain = 'pending-crafts'", onPostgres() ? true : 1);
    const elsewhere = new TestClient("pending-crafts.localhost:3000");
    elsewhere.cookies.set("shopper", shopper.cookies.get("shopper")!);
    const page = await elsewhere.html(`${url}?return_to=/orders`);
    expect(page.status).toBe(404);
    expect(page.html).not.toContain("Test mode");
    const answer = await elsewhere.request(url, { form: { outcome: "complete", return_to: "/orders" } });
    expect(answer.status).toBe(404);
    expect(answer.headers.get("Location")).toBeNull();
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "requires_action",
    );
    expect(
      (await sql<{ status: string }[]>("select status from simulated_payment_intents where id = ?", challenge.body.id))[0]!.status,
    ).toBe("requires_action");

    expect((await shopper.html(`${url}?return_to=/orders`)).html).toContain("Test mode");
    const answered = await shopper.request(url, { form: { outcome: "complete", return_to: "/orders" } });
    expect(answered.headers.get("Location")).toBe(`/orders?payment_intent=${challenge.body.id}&redirect_status=succeeded`);
    expect((await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", orderId))[0]!.payment_status).toBe(
      "succeeded",
    );
  });
});
