import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, shippingFields, sql, TestClient } from "./app";

// Loading the server bundle and seeding its database is not the first test's time.
beforeAll(async () => {
  await loadApp();
}, 120_000);

const fields = shippingFields({ full_name: "Olga Orders", email: "olga@example.test", reference: "ACCESS-1", total_amount: "30.00" });
const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };
const shop = () => new TestClient("demo.localhost:3000");
/** An order number as the pages print it ("#0007", React may split the text). */
const shows = (number: string) => new RegExp(`#(<!-- -->)?${number}\\b`);

async function paidOrder(email = fields.email) {
  const shopper = shop();
  const order = await shopper.json<{ id: number; order_number: string }>("/api/v1/shop/orders/", { json: { ...fields, email } });
  const pay = await shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
    json: { order_id: order.body.id, provider_slug: "simulated" },
  });
  const paid = await shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: pay.body.client_secret, ...card },
  });
  expect(paid.body.status).toBe("succeeded");
  return { shopper, orderId: order.body.id, number: order.body.order_number };
}

const seller = () => new TestClient().signInAs("demo@example.com");

/** The path of the order status link in the latest mail of that template for the order's shopper. */
async function linkInMail(dedupeKey: string): Promise<string> {
  const [mail] = await sql<{ text: string }[]>("select text from mail_outbox where dedupe_key = ?", dedupeKey);
  return /http:\/\/demo\.localhost:3000(\/order-status\/[A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
}

describe("order status links (issue 12, item 5)", () => {
  it("the confirmation mail's link opens that order in any browser, and nothing else", async () => {
    const { orderId, number } = await paidOrder();
    const other = await paidOrder("other-buyer@example.test");
    const link = await linkInMail(`order-paid:${orderId}:shopper`);

    const elsewhere = shop();
    const page = await elsewhere.html(link);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(shows(number));
    expect(page.html).toContain("Olga Orders");
    expect(page.response.headers.get("Cache-Control")).toBe("private, no-store");
    // The link does not open the shopper's other orders, nor this one by its plain URL.
    expect((await elsewhere.html(`/order-confirmation/${other.orderId}`)).status).toBe(404);
    expect((await elsewhere.html(`/order-confirmation/${orderId}`)).status).toBe(404);
    expect((await elsewhere.html("/orders")).html).not.toContain("Olga Orders");
    // A made-up token, another shop's host or the main site: not found.
    const unknown = await elsewhere.html(`/order-status/${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("Order not found");
    expect((await elsewhere.html("/order-status/short")).status).toBe(404);
    expect((await new TestClient().html(link)).status).toBe(404);
  });

  it("status-change mails carry a link; the seller revokes the links and the shopper is mailed a new one", async () => {
    const { orderId } = await paidOrder();
    const demo = await seller();
    await demo.request(`/orders/${orderId}`);
    expect((await demo.request(`/orders/${orderId}`, { form: { intent: "change-status", status: "processing" } })).status).toBe(302);
    const statusLink = await linkInMail(`order-status:${orderId}:processing`);
    const paidLink = await linkInMail(`order-paid:${orderId}:shopper`);
    expect(statusLink).not.toBe(paidLink);
    expect((await shop().html(statusLink)).status).toBe(200);

    // The seller's order page offers the revocation.
    expect((await demo.html(`/orders/${orderId}`)).html).toContain("Revoke and send a new link");
    // Nobody else may revoke: a shopper (even the one who ordered), another visitor.
    expect((await new TestClient().request(`/orders/${orderId}/status-link`, { form: {} })).status).toBe(404);
    expect((await shop().request(`/orders/${orderId}/status-link`, { form: {} })).status).toBe(404);
    expect((await shop().html(paidLink)).status).toBe(200);

    const revoked = await demo.request(`/orders/${orderId}/status-link`, { form: { returnTo: `/orders/${orderId}` } });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("Location")).toBe(`/orders/${orderId}`);
    expect((await demo.html(`/orders/${orderId}`)).html).toContain("a new one was emailed to the shopper");
    expect((await shop().html(paidLink)).status).toBe(404);
    expect((await shop().html(statusLink)).status).toBe(404);
    const [renewed] = await sql<{ text: string; to: string }[]>(
      "select text, \"to\" from mail_outbox where template = 'order_status_link' order by id desc limit 1",
    );
    expect(renewed!.to).toBe("olga@example.test");
    const fresh = /(\/order-status\/[A-Za-z0-9_-]{43})/.exec(renewed!.text)![1]!;
    expect((await shop().html(fresh)).status).toBe(200);
    // GET on the action's URL goes back to the order; a bad id is a 404.
    expect((await demo.request(`/orders/${orderId}/status-link`)).headers.get("Location")).toBe(`/orders/${orderId}`);
    expect((await demo.request("/orders/abc/status-link", { form: {} })).status).toBe(404);
    // An id beyond PostgreSQL's integer is no order either (asked for, it failed there: a 500).
    expect((await demo.request("/orders/2147483648/status-link", { form: {} })).status).toBe(404);
  });
});

describe("shopper access with a one-time code (issue 12, item 6)", () => {
  const latestCode = async (email: string) =>
    /^(\d{6})$/m.exec(
      (
        await sql<{ text: string }[]>(
          "select text from mail_outbox where \"to\" = ? and template = 'shopper_access_code' order by id desc limit 1",
          email,
        )
      )[0]?.text ?? "",
    )?.[1];

  it("a shopper on another device gets a code by mail and then sees all their orders of the shop", async () => {
    const { orderId, number } = await paidOrder("multi@example.test");
    const second = await paidOrder("multi@example.test");
    const phone = shop();
    const list = await phone.html("/orders");
    expect(list.html).not.toMatch(shows(number));
    expect(list.html).toContain('href="/orders/access"');
    const form = await phone.html("/orders/access");
    expect(form.status).toBe(200);
    expect(form.html).toContain("Email me a code");

    const asked = await phone.html("/orders/access", {
      form: { intent: "request-code", email: " Multi@Example.test " },
      clientAddress: "203.0.113.5",
    });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Check your email");
    expect(asked.html).toMatch(/autocomplete="one-time-code"/i);
    const code = (await latestCode("multi@example.test"))!;
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await phone.html("/orders/access", {
      form: { intent: "verify-code", email: "multi@example.test", code: code === "000000" ? "111111" : "000000" },
      clientAddress: "203.0.113.5",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("This code is not valid");
    const right = await phone.request("/orders/access", {
      form: { intent: "verify-code", email: "multi@example.test", code },
      clientAddress: "203.0.113.5",
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/orders");
    const mine = await phone.html("/orders");
    expect(mine.html).toMatch(shows(number));
    expect(mine.html).toMatch(shows(second.number));
    expect(mine.html).toContain("Also showing the orders placed with multi@example.test");
    expect((await phone.html(`/order-confirmation/${orderId}`)).status).toBe(200);
    expect((await phone.json(`/api/v1/shop/orders/${orderId}/`)).status).toBe(200);
    // Scoped to the browser and the shop: the main site and another browser see nothing.
    expect((await shop().html(`/order-confirmation/${orderId}`)).status).toBe(404);
    // The code was used up.
    expect(
      (
        await phone.html("/orders/access", {
          form: { intent: "verify-code", email: "multi@example.test", code },
          clientAddress: "203.0.113.5",
        })
      ).status,
    ).toBe(400);

    // The shopper can make this browser forget.
    const managed = await phone.html("/orders/access");
    expect(managed.html).toContain("Stop showing them on this browser");
    expect((await phone.request("/orders/access", { form: { intent: "forget" } })).status).toBe(302);
    expect((await phone.html(`/order-confirmation/${orderId}`)).status).toBe(404);
  });

  it("never tells whether an email has orders, refuses bad input in place, and is rate limited", async () => {
    const browser = shop();
    const unknown = await browser.html("/orders/access", {
      form: { intent: "request-code", email: "never-ordered@example.test" },
      clientAddress: "203.0.113.7",
    });
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain("Check your email");
    expect(await latestCode("never-ordered@example.test")).toBeUndefined();

    const bad = await browser.html("/orders/access", {
      form: { intent: "request-code", email: "not-an-email" },
      clientAddress: "203.0.113.7",
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Enter a valid email address.");
    expect(bad.html).toContain('value="not-an-email"');
    const badCode = await browser.html("/orders/access", {
      form: { intent: "verify-code", email: "never-ordered@example.test", code: "12ab" },
      clientAddress: "203.0.113.7",
    });
    expect(badCode.status).toBe(400);
    expect(badCode.html).toContain("Enter the 6 digits of the code from the email.");
    expect((await browser.html("/orders/access", { form: { intent: "bogus" } })).status).toBe(400);

    for (let i = 0; i < 2; i++) {
      expect(
        (
          await browser.html("/orders/access", {
            form: { intent: "request-code", email: "never-ordered@example.test" },
            clientAddress: `203.0.113.${20 + i}`,
          })
        ).status,
      ).toBe(200);
    }
    const limited = await browser.html("/orders/access", {
      form: { intent: "request-code", email: "never-ordered@example.test" },
      clientAddress: "203.0.113.30",
    });
    expect(limited.status).toBe(429);
    expect(limited.html).toContain("Too many attempts. Please try again in");
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);

    // French too.
    const fr = await browser.html("/orders/access?lng=fr");
    const page = await browser.html("/orders/access");
    expect([fr.status, page.status]).toEqual([302, 200]);
    expect(page.html).toContain("Voir vos commandes depuis n&#x27;importe quel appareil");
  });

  it("strangers asking codes for an email and guessing them do not lock out the browser that ordered with it", async () => {
    const { shopper, number } = await paidOrder("locked-out@example.test");
    const other = await paidOrder("locked-out@example.test");
    const stranger = (i: number, form: Record<string, string>) =>
      shop().html("/orders/access", { form: { email: "locked-out@example.test", ...form }, clientAddress: `198.51.100.${60 + i}` });
    for (let i = 0; i < 3; i++) expect((await stranger(i, { intent: "request-code" })).status).toBe(200);
    expect((await stranger(3, { intent: "request-code" })).status).toBe(429);
    for (let i = 0; i < 10; i++) expect((await stranger(10 + i, { intent: "verify-code", code: "111111" })).status).toBe(400);
    expect((await stranger(20, { intent: "verify-code", code: "111111" })).status).toBe(429);

    const asked = await shopper.html("/orders/access", {
      form: { intent: "request-code", email: "locked-out@example.test" },
      clientAddress: "203.0.113.60",
    });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Check your email");
    const right = await shopper.request("/orders/access", {
      form: { intent: "verify-code", email: "locked-out@example.test", code: (await latestCode("locked-out@example.test"))! },
      clientAddress: "203.0.113.60",
    });
    expect(right.status).toBe(302);
    // The order placed from another browser now shows here too; strangers are still refused.
    const mine = await shopper.html("/orders");
    expect(mine.html).toMatch(shows(number));
    expect(mine.html).toMatch(shows(other.number));
    expect((await stranger(21, { intent: "request-code" })).status).toBe(429);
  });

  it("exists on shops only; the shop header offers no login to visitors", async () => {
    expect((await new TestClient().html("/orders/access")).status).toBe(404);
    const products = await shop().html("/products");
    expect(products.html).not.toContain('href="/login?redirectTo=');
    expect(products.html).toContain('href="/orders"');
    // Logging in on a shop still works for whoever has an account, and keeps the account menu.
    const signedIn = new TestClient("demo.localhost:3000");
    await signedIn.request("/login");
    await signedIn.request("/login", { form: { email: "demo@example.com", password: "Demo1234!" } });
    expect((await signedIn.html("/products")).html).toContain('data-testid="account-menu-name"');
  });
});
