import { describe, expect, it } from "vitest";
import { onPostgres, shippingFields, sql, TestClient } from "./app";

// Issue 28 item 4: shipping an order with a carrier and a tracking number (API and screens),
// the shipped mail with the carrier's link, the order's status page and the order resource.

const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };
const shop = () => new TestClient("demo.localhost:3000");

async function seller() {
  const client = new TestClient();
  expect((await client.json("/api/v1/account/auth/login/", { json: { email: "demo@example.com", password: "Demo1234!" } })).status).toBe(
    200,
  );
  return client;
}

let emails = 0;
async function placeOrder(extra: Record<string, string> = {}) {
  const shopper = shop();
  // Each order its own shopper (email), so that none of them shares a parcel with another.
  const fields = shippingFields({
    full_name: "Tina Tracking",
    email: `tina-${++emails}@example.test`,
    reference: "TRK",
    total_amount: "20.00",
  });
  const order = await shopper.json<{ id: number; order_number: string }>("/api/v1/shop/orders/", { json: { ...fields, ...extra } });
  expect(order.status).toBe(201);
  return { shopper, orderId: order.body.id, number: order.body.order_number };
}

async function paidOrder(extra: Record<string, string> = {}) {
  const placed = await placeOrder(extra);
  const pay = await placed.shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
    json: { order_id: placed.orderId, provider_slug: "simulated" },
  });
  const paid = await placed.shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: pay.body.client_secret, ...card },
  });
  expect(paid.body.status).toBe("succeeded");
  return placed;
}

type Fulfilled = {
  status: string;
  parcel_id: number | null;
  fulfillment: { carrier: string; tracking_number: string; tracking_url: string | null; shipped_at: string } | null;
};
type Refused = { message: string; errors: Record<string, string[]> };

const stored = (orderId: number) =>
  sql<{ status: string; carrier: string | null; tracking_number: string | null; shipped_at: number | null }[]>(
    "select status, carrier, tracking_number, shipped_at from orders where id = ?",
    orderId,
  ).then((rows) => rows[0]!);
const shippedMails = (orderId: number) =>
  sql<{ to: string; subject: string; text: string; html: string }[]>(
    'select "to", subject, text, html from mail_outbox where dedupe_key = ?',
    `order-status:${orderId}:shipped`,
  );

describe("POST /api/v1/shop/orders/{id}/fulfillment/", () => {
  it("ships a paid order with its carrier: the order's fulfillment, the mail's tracking link, the status page", async () => {
    const { orderId, number, shopper } = await paidOrder();
    const demo = await seller();
    const before = await demo.json<Fulfilled>(`/api/v1/shop/orders/${orderId}/`);
    expect(before.body.fulfillment).toBeNull();
    expect(before.body.parcel_id).toEqual(expect.any(Number));

    const shipped = await demo.json<Fulfilled>(`/api/v1/shop/orders/${orderId}/fulfillment/`, {
      json: { carrier: "colissimo", tracking_number: " 6a 1234 5678 901 " },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.status).toBe("shipped");
    const url = "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901";
    expect(shipped.body.fulfillment).toEqual({
      carrier: "colissimo",
      tracking_number: "6A12345678901",
      tracking_url: url,
      shipped_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await stored(orderId)).toMatchObject({ status: "shipped", carrier: "colissimo", tracking_number: "6A12345678901" });
    const history = await sql<{ from_value: string; to_value: string }[]>(
      "select from_value, to_value from order_events where order_id = ? and kind = 'status'",
      orderId,
    );
    expect(history).toEqual([{ from_value: "pending", to_value: "shipped" }]);

    // One mail, with the carrier, the number and a working link to the carrier's page.
    const [mail, ...more] = await shippedMails(orderId);
    expect(more).toEqual([]);
    expect(mail!.to).toBe(`tina-${emails}@example.test`);
    expect(mail!.subject).toBe(`Demo Live Shop: order #${number} is Shipped`);
    expect(mail!.text).toContain("Carrier: Colissimo");
    expect(mail!.text).toContain("Tracking number: 6A12345678901");
    expect(mail!.text).toContain(`Track your parcel: ${url}`);
    expect(mail!.html).toContain(`<a href="${url.replace("&", "&amp;")}"`);

    // The mail's status link opens the order's page, which links to the carrier too.
    const link = /http:\/\/demo\.localhost:3000(\/order-status\/[A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const page = await shop().html(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`href="${url}"`);
    expect(page.html).toContain("Track the parcel");
    expect(page.html).toContain("6A12345678901");
    // The number after its label, with each language's colon (French puts a space before it).
    const words = (html: string) => html.replace(/<[^>]*>/g, "");
    expect(words(page.html)).toContain("Tracking number: 6A12345678901");
    const french = await shop().html(link, { headers: { "Accept-Language": "fr" } });
    expect(words(french.html)).toContain("Numéro de suivi : 6A12345678901");
    // Opened from the shipped mail, the page says where the order stands, not that a confirmation is coming.
    expect(words(page.html)).toContain("Order shipped");
    expect(words(page.html)).not.toContain("A confirmation email is on its way");
    expect(words(french.html)).toContain("Commande expédiée");
    // The shopper's own order answer says the same.
    const mine = await shopper.json<Fulfilled>(`/api/v1/shop/orders/${orderId}/`);
    expect(mine.body.fulfillment?.tracking_url).toBe(url);
    const delivered = await demo.json(`/api/v1/shop/orders/${orderId}/`, { method: "PATCH", json: { status: "delivered" } });
    expect(delivered.status).toBe(200);
    expect(words((await shop().html(link)).html)).toContain("Order delivered");
  });

  it("builds each known carrier's tracking link; Other has none but keeps the number", async () => {
    const demo = await seller();
    const cases: [string, string | null][] = [
      ["la_poste", "https://www.laposte.fr/outils/suivre-vos-envois?code=1A23456789012"],
      ["mondial_relay", "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=1A23456789012&codePostal=44000"],
      ["chronopost", "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=1A23456789012"],
      ["dhl", "https://www.dhl.com/fr-fr/home/tracking.html?tracking-id=1A23456789012&submit=1"],
      ["ups", "https://www.ups.com/track?tracknum=1A23456789012"],
      ["gls", "https://gls-group.com/FR/fr/suivi-colis/?match=1A23456789012"],
      ["other", null],
    ];
    for (const [carrier, url] of cases) {
      const { orderId } = await paidOrder();
      const shipped = await demo.json<Fulfilled>(`/api/v1/shop/orders/${orderId}/fulfillment/`, {
        json: { carrier, tracking_number: "1A23456789012" },
      });
      expect(shipped.body.fulfillment).toMatchObject({ carrier, tracking_number: "1A23456789012", tracking_url: url });
      const [mail] = await shippedMails(orderId);
      expect(mail!.text).toContain("Tracking number: 1A23456789012");
      if (url === null) expect(mail!.text).not.toContain("Track your parcel");
      else expect(mail!.text).toContain(`Track your parcel: ${url}`);
    }
  });

  it("refuses what cannot be shipped, and bad tracking numbers in both languages; nothing stored, nothing mailed", async () => {
    const demo = await seller();
    const unpaid = await placeOrder();
    const refusedUnpaid = await demo.json<Refused>(`/api/v1/shop/orders/${unpaid.orderId}/fulfillment/`, {
      json: { carrier: "ups", tracking_number: "1Z999AA10123456784" },
    });
    expect(refusedUnpaid.status).toBe(409);
    expect(refusedUnpaid.body.message).toBe("An order is shipped once it is paid.");
    expect(await stored(unpaid.orderId)).toMatchObject({ status: "pending", carrier: null, tracking_number: null, shipped_at: null });

    const { orderId } = await paidOrder();
    const bad: [Record<string, unknown>, string, string, string][] = [
      [
        { carrier: "ups", tracking_number: "<script>alert(1)</script>" },
        "tracking_number",
        "A tracking number is at least 3 letters, digits or dashes, nothing else.",
        "Un numéro de suivi compte au moins 3 lettres, chiffres ou tirets, rien d'autre.",
      ],
      [
        { carrier: "ups", tracking_number: "<b>1Z999</b>" },
        "tracking_number",
        "A tracking number is at least 3 letters, digits or dashes, nothing else.",
        "Un numéro de suivi compte au moins 3 lettres, chiffres ou tirets, rien d'autre.",
      ],
      [
        { carrier: "ups", tracking_number: "1Z".repeat(300) },
        "tracking_number",
        "A tracking number has at most 40 characters.",
        "Un numéro de suivi compte au plus 40 caractères.",
      ],
      [{ carrier: "ups", tracking_number: "   " }, "tracking_number", "Enter the tracking number.", "Indiquez le numéro de suivi."],
      [
        { carrier: "pigeon", tracking_number: "1Z999AA10123456784" },
        "carrier",
        "Choose one of the carriers.",
        "Choisissez l'un des transporteurs.",
      ],
      [{ tracking_number: "1Z999AA10123456784" }, "carrier", "Choose one of the carriers.", "Choisissez l'un des transporteurs."],
    ];
    for (const [json, field, english, french] of bad) {
      const en = await demo.json<Refused>(`/api/v1/shop/orders/${orderId}/fulfillment/`, { json });
      expect(en.status).toBe(400);
      expect(en.body.errors[field]).toEqual([english]);
      const fr = await demo.json<Refused>(`/api/v1/shop/orders/${orderId}/fulfillment/`, { json, headers: { "Accept-Language": "fr" } });
      expect(fr.status).toBe(400);
      expect(fr.body.errors[field]).toEqual([french]);
    }
    expect(await stored(orderId)).toMatchObject({ status: "pending", carrier: null, tracking_number: null, shipped_at: null });
    expect(await shippedMails(orderId)).toEqual([]);

    // Shipped once; again is a conflict that changes nothing.
    expect(
      (await demo.json(`/api/v1/shop/orders/${orderId}/fulfillment/`, { json: { carrier: "gls", tracking_number: "GLS-0001" } })).status,
    ).toBe(200);
    const again = await demo.json<Refused>(`/api/v1/shop/orders/${orderId}/fulfillment/`, {
      json: { carrier: "dhl", tracking_number: "1234567890" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is "Shipped": it cannot be shipped.');
    expect(await stored(orderId)).toMatchObject({ status: "shipped", carrier: "gls", tracking_number: "GLS-0001" });
    expect(await shippedMails(orderId)).toHaveLength(1);

    // Only the shop's seller ships: the shopper is refused, a visitor must log in, another shop's order is not found.
    const other = await paidOrder();
    const asShopper = await other.shopper.json(`/api/v1/shop/orders/${other.orderId}/fulfillment/`, {
      json: { carrier: "ups", tracking_number: "1Z999AA10123456784" },
    });
    expect([401, 403]).toContain(asShopper.status);
    expect(
      (
        await new TestClient().json(`/api/v1/shop/orders/${other.orderId}/fulfillment/`, {
          json: { carrier: "ups", tracking_number: "1Z9" },
        })
      ).status,
    ).toBe(401);
    expect((await demo.json("/api/v1/shop/orders/999999/fulfillment/", { json: { carrier: "ups", tracking_number: "1Z9" } })).status).toBe(
      404,
    );
    expect((await demo.json(`/api/v1/shop/orders/${other.orderId}/fulfillment/`)).status).toBe(405);
    expect(await stored(other.orderId)).toMatchObject({ status: "pending", carrier: null });
  });

  it("is in the OpenAPI document, with the order's fulfillment and parcel_id", async () => {
    const { body } = await new TestClient().json<{
      paths: Record<
        string,
        Record<
          string,
          {
            summary: string;
            requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> };
          }
        >
      >;
    }>("/api/v1/openapi.json");
    const post = body.paths["/shop/orders/{id}/fulfillment/"]!.post!;
    const schema = post.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(schema.properties).sort()).toEqual(["carrier", "tracking_number"]);
    expect(schema.properties.carrier).toMatchObject({
      enum: ["colissimo", "la_poste", "mondial_relay", "chronopost", "dhl", "ups", "gls", "other"],
    });
    expect(body.paths["/shop/orders/{id}/"]!.get!.summary).toContain("fulfillment ({carrier, tracking_number, tracking_url, shipped_at}");
  });
});

describe("the ship form (screens, without JavaScript)", () => {
  it("ships from the order's page with a carrier and a number; a bad number answers the page with the error, in both languages", async () => {
    const { orderId, number } = await paidOrder();
    const demo = new TestClient();
    await demo.request("/login");
    expect((await demo.request("/login", { form: { email: "demo@example.com", password: "Demo1234!" } })).status).toBe(302);
    const page = await demo.html(`/orders/${orderId}`);
    expect(page.html).toContain('name="tracking_number"');
    expect(page.html).toContain('<option value="mondial_relay">Mondial Relay</option>');
    // The plain "Mark as shipped" status button gave way to the form.
    expect(page.html).not.toContain('name="status" value="shipped"');

    const refused = await demo.html(`/orders/${orderId}`, { form: { intent: "ship", carrier: "dhl", tracking_number: '"><img src=x>' } });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("A tracking number is at least 3 letters, digits or dashes, nothing else.");
    const refusedFr = await demo.html(`/orders/${orderId}`, {
      form: { intent: "ship", carrier: "dhl", tracking_number: "x".repeat(80) },
      headers: { "Accept-Language": "fr" },
    });
    expect(refusedFr.status).toBe(400);
    expect(refusedFr.html).toContain("Un numéro de suivi compte au plus 40 caractères.");
    expect(await stored(orderId)).toMatchObject({ status: "pending", carrier: null, shipped_at: null });

    const shipped = await demo.request(`/orders/${orderId}`, {
      form: { intent: "ship", carrier: "chronopost", tracking_number: "XY123456789FR", returnTo: "/orders" },
    });
    expect(shipped.status).toBe(302);
    expect(shipped.headers.get("Location")).toBe("/orders");
    expect(await stored(orderId)).toMatchObject({ status: "shipped", carrier: "chronopost", tracking_number: "XY123456789FR" });
    const after = await demo.html(`/orders/${orderId}`);
    expect(after.html).toContain("Shipped with Chronopost");
    expect(after.html).toContain('href="https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY123456789FR"');
    expect(after.html).not.toContain('name="tracking_number"');
    expect(after.html).toContain(`#${number}`);
  });
});

describe("a seller's order endpoints on another shop's host", () => {
  it("answer 404 for the seller's own orders there (status, shipping, refunds, export), nothing changed", async () => {
    const { orderId } = await paidOrder();
    // A second live shop: its host answers only for itself, as requireSeller does for the rest of the seller's API.
    await sql("update shops set is_live = ? where subdomain = 'pending-crafts'", onPostgres() ? true : 1);
    const demoOnRival = await new TestClient("pending-crafts.localhost:3000").signInAs("demo@example.com");
    const orderPath = `/api/v1/shop/orders/${orderId}/`;

    expect((await demoOnRival.json(orderPath)).status).toBe(404);
    expect((await demoOnRival.json(orderPath, { method: "PATCH", json: { status: "processing" } })).status).toBe(404);
    expect((await demoOnRival.json(`${orderPath}fulfillment/`, { json: { carrier: "ups", tracking_number: "1Z9" } })).status).toBe(404);
    expect((await demoOnRival.json(`${orderPath}refunds/`)).status).toBe(404);
    expect((await demoOnRival.json(`${orderPath}refunds/`, { json: { amount: "1.00", reason: "x" } })).status).toBe(404);
    const exported = await demoOnRival.request("/api/v1/shop/orders/export/?view=all");
    expect(exported.status).toBe(404);
    expect(await exported.text()).not.toContain("Tina Tracking");
    expect(await stored(orderId)).toMatchObject({ status: "pending", carrier: null, shipped_at: null });
    expect(await sql<unknown[]>("select id from order_refunds where order_id = ?", orderId)).toHaveLength(0);

    // The seller's own shop host and the main site still answer.
    expect((await (await new TestClient("demo.localhost:3000").signInAs("demo@example.com")).json(orderPath)).status).toBe(200);
    expect((await (await new TestClient().signInAs("demo@example.com")).request("/api/v1/shop/orders/export/?view=all")).status).toBe(200);
  });
});
