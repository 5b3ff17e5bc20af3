import { describe, expect, it } from "vitest";
import { shippingFields, TestClient } from "./app";

/** Issue 12, item 8: the built-in card form as shoppers type it, and its errors shown once. */
const shipping = shippingFields({ full_name: "Carla Card", email: "carla@example.test", reference: "LIVE-8", total_amount: "20.00" });

async function orderAtPaymentStep() {
  const shopper = new TestClient("demo.localhost:3000");
  await shopper.request("/");
  const created = await shopper.request("/?index", { form: { intent: "shipping", ...shipping } });
  const orderId = Number(/order=(\d+)/.exec(created.headers.get("Location")!)![1]);
  const pay = (card: Record<string, string>) =>
    shopper.request(`/?index&order=${orderId}&step=payment`, { form: { intent: "pay-card", order: String(orderId), cvc: "123", ...card } });
  return { shopper, orderId, pay };
}

describe("the built-in card form", () => {
  it("takes the expiry typed without its slash (1230) and the number grouped or not", async () => {
    const { orderId, pay } = await orderAtPaymentStep();
    const paid = await pay({ card_number: "4242 4242 4242 4242", expiry: "1230" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`/?order=${orderId}&step=success`);
  });

  it("says which field is wrong, in that field, without echoing the security code", async () => {
    const { pay } = await orderAtPaymentStep();
    const typo = await pay({ card_number: "4242 4242 4242 4241", expiry: "12/30", cvc: "987" });
    expect(typo.status).toBe(400);
    const html = await typo.text();
    expect(html).toContain("Your card number is incorrect.");
    expect(html).not.toContain('value="987"');
    const past = await pay({ card_number: "4242424242424242", expiry: "0120" });
    expect(await past.text()).toContain("Your card&#x27;s expiration date is in the past.");
    const short = await pay({ card_number: "4242424242424242", expiry: "123" });
    expect(await short.text()).toContain("Your card&#x27;s expiration date is incomplete.");
  });

  it("says a number too short or too long is incorrect once, not once per rule it breaks", async () => {
    const { pay } = await orderAtPaymentStep();
    for (const card_number of ["4242", "4242 4242 4242 4242 4242 4242 42"]) {
      const html = await (await pay({ card_number, expiry: "12/30" })).text();
      expect(html.split("Your card number is incorrect.").length - 1).toBe(1);
    }
  });

  it("labels the summary's two statuses: the order's and the payment's", async () => {
    const { shopper, orderId } = await orderAtPaymentStep();
    const html = (await shopper.html(`/?order=${orderId}&step=payment`)).html;
    expect(html).toMatch(/Order status<\/dt><dd[^>]*data-testid="summary-order-status"[^>]*>.*?Pending/);
    expect(html).toMatch(/Payment<\/dt><dd[^>]*data-testid="summary-status"[^>]*>.*?Pending/);
  });

  it("after a failed authentication, the payment step shows the failure once (not again as a toast)", async () => {
    const { shopper, orderId, pay } = await orderAtPaymentStep();
    const challenge = (await pay({ card_number: "4000 0025 0000 3155", expiry: "12/30" })).headers.get("Location")!;
    const back = await shopper.request(challenge.split("?")[0]!, {
      form: { outcome: "fail", return_to: decodeURIComponent(challenge.split("return_to=")[1]!) },
    });
    const finished = await shopper.request(back.headers.get("Location")!);
    expect(finished.headers.get("Location")).toBe(`/?order=${orderId}&step=payment`);
    const html = (await shopper.html(finished.headers.get("Location")!)).html;
    expect(html.split("We are unable to authenticate your payment method").length - 1).toBe(1);
  });
});
