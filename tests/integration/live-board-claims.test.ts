import { describe, expect, it } from "vitest";
import { onPostgres, shippingFields, sql, TestClient } from "./app";

// Issue 29 item 5 and the product code on stream: the live board's claims (a seller's "@lea
// A7 M" for a viewer, release, the units held, paid and waiting per product) and the pinned
// product's code on the board and on the live page, without JavaScript.

const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };
const demoSeller = () => new TestClient("localhost:3000").signInAs("demo@example.com");

async function startLive(seller: TestClient, title: string) {
  const created = await seller.json<{ id: number; code: string }>("/api/v1/shop/lives/", { json: { title, platform: "tiktok" } });
  expect(created.status).toBe(201);
  return created.body;
}

/** A product of the demo shop with `stock` units and a claim code. */
async function codedProduct(seller: TestClient, name: string, code: string, stock: number) {
  const created = await seller.json<{ id: number }>("/api/v1/shop/products/", { json: { name, price: "10.00" } });
  expect(created.status).toBe(201);
  await sql("UPDATE product_variants SET stock = ? WHERE product_id = ?", stock, created.body.id);
  await sql("UPDATE products SET code = ? WHERE id = ?", code, created.body.id);
  return created.body.id;
}

/** A paid order of the demo shop (simulated card), to stand for the one a viewer's link places. */
async function paidOrder(productId: number) {
  const shopper = new TestClient("demo.localhost:3000");
  const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", {
    json: shippingFields({ email: "lea@example.test", total_amount: "10.00", items: [{ product: productId, quantity: 1 }] }),
  });
  expect(order.status).toBe(201);
  const intent = await shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
    json: { order_id: order.body.id, provider_slug: "simulated" },
  });
  await shopper.json("/api/v1/payment/simulated/confirm/", { json: { client_secret: intent.body.client_secret, ...card } });
  return order.body.id;
}

type ClaimRow = { id: number; handle: string; status: string; quantity: number };
const claimsOf = (liveId: number) =>
  sql<ClaimRow[]>(
    "SELECT c.id, l.handle, c.status, c.quantity FROM claims c JOIN claim_links l ON l.id = c.link_id WHERE c.live_id = ? ORDER BY c.id",
    liveId,
  );

/** The board's figures of one product: units held, paid and waiting, as shown. */
function countsOn(html: string, productId: number) {
  const block = new RegExp(`data-testid="live-claim-count" data-product-id="${productId}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? "";
  const figure = (name: string) => Number(new RegExp(`data-testid="live-claim-${name}">(\\d+)<`).exec(block)?.[1]);
  return { held: figure("held"), paid: figure("paid"), waiting: figure("waiting") };
}

/** Ten minutes ago, as each engine stores a timestamp. */
const pastTime = () => (onPostgres() ? new Date(Date.now() - 600_000) : Date.now() - 600_000);

describe("the live board's claims", () => {
  it("claims for a viewer typed as @handle and code, waitlists once sold out, releases, and counts the units held and waiting per product", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Claims night");
    const mug = await codedProduct(demo, "Claim mug", "MUG7", 2);
    const board = `/dashboard/lives/${live.id}`;
    const claim = (comment: string) => demo.request(board, { form: { intent: "claim", comment } });

    const empty = await demo.html(board);
    expect(empty.html).toContain('data-testid="live-claim-form"');
    expect(empty.html).toContain('data-testid="live-claims-empty"');

    for (const comment of ["@lea mug7", "@Max MUG7"]) {
      const posted = await claim(comment);
      expect(posted.status).toBe(302);
      expect(posted.headers.get("Location")).toBe(board);
    }
    expect((await demo.html(board)).html).toContain("Held for @max: MUG7, 10 min to pay.");
    expect((await claim("@zoe MUG7")).status).toBe(302);
    expect((await demo.html(board)).html).toContain("Sold out: @zoe is on the waitlist.");
    expect((await claimsOf(live.id)).map((c) => [c.handle, c.status])).toEqual([
      ["lea", "held"],
      ["max", "held"],
      ["zoe", "waitlisted"],
    ]);

    // An unknown code, or no @handle: said so in place (the board, 400), nothing claimed.
    const unknown = await claim("@lea NOPE9");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("No product has this code: “@lea NOPE9”.");
    const noHandle = await claim("lea MUG7");
    expect(noHandle.status).toBe(400);
    expect(await noHandle.text()).toContain("Type the viewer’s @handle, then the product code: @lea A7 M");
    expect(await claimsOf(live.id)).toHaveLength(3);

    let page = await demo.html(board);
    expect(page.html.match(/data-testid="live-claim" /g)).toHaveLength(3);
    expect(countsOn(page.html, mug)).toEqual({ held: 2, paid: 0, waiting: 1 });

    // Released: lea's unit goes to zoe, first waiting.
    const [lea] = await claimsOf(live.id);
    expect((await demo.request(board, { form: { intent: "release", claim_id: String(lea!.id) } })).status).toBe(302);
    expect((await demo.html(board)).html).toContain("Claim released: its units are back on sale.");
    expect((await claimsOf(live.id)).map((c) => [c.handle, c.status])).toEqual([
      ["lea", "released"],
      ["max", "held"],
      ["zoe", "held"],
    ]);
    page = await demo.html(board);
    expect(page.html).toMatch(new RegExp(`data-claim-id="${lea!.id}" data-status="released"`));
    expect(countsOn(page.html, mug)).toEqual({ held: 2, paid: 0, waiting: 0 });
  });

  it("answers a refused claim without JavaScript with the board, the typed text in its box and the reason beside it", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Refused claims");
    const vase = await codedProduct(demo, "Claim vase", "VAS2", 3);
    const board = `/dashboard/lives/${live.id}`;
    const claim = (comment: string) => demo.html(board, { form: { intent: "claim", comment } });
    /** The typed box as rendered (its value, whether it takes the focus), and the text of what its aria-describedby names. */
    const box = (html: string) => {
      const input = /<input[^>]*name="comment"[^>]*>/.exec(html)?.[0] ?? "";
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(input)?.[1];
      const described = (attribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</(ul|p)>`).exec(html)?.[1]?.replace(/<[^>]+>/g, ""));
      return { value: attribute("value"), invalid: attribute("aria-invalid"), autofocus: / autofocus=""/.test(input), described };
    };

    // What was typed names no product: a 400, the board with the text kept and the reason as its description.
    const typed = await claim("@anna M red");
    expect(typed.status).toBe(400);
    expect(box(typed.html)).toEqual({
      value: "@anna M red",
      invalid: "true",
      autofocus: true,
      described: ["No product code in “@anna M red”.", "The viewer’s @handle, the product code, then its option and quantity if any."],
    });
    // The no-JavaScript board reloads itself every 10 s, which would take the text away: not this answer.
    expect(typed.html).not.toContain('http-equiv="refresh"');
    expect(typed.html).toContain('data-testid="live-claims"');

    // Refused by the stock (the seller switched the product off): a 409, the same way.
    await sql("UPDATE products SET is_in_stock = false WHERE id = ?", vase);
    const off = await claim("@anna VAS2");
    expect(off.status).toBe(409);
    expect(box(off.html)).toMatchObject({
      value: "@anna VAS2",
      invalid: "true",
      described: ["Not for sale right now: nothing held for @anna, and nobody waits for it.", expect.any(String)],
    });

    // In French too.
    expect((await demo.request(`${board}?lng=fr`)).status).toBe(302);
    const french = await claim("@anna M rouge");
    expect(french.status).toBe(400);
    expect(box(french.html)).toMatchObject({
      value: "@anna M rouge",
      invalid: "true",
      described: ["Aucun code produit dans « @anna M rouge ».", expect.stringContaining("Le @pseudo du spectateur")],
    });
    expect(await claimsOf(live.id)).toEqual([]);

    // Taken, the board comes back empty (a redirect), as it does once the live has ended (no box is left for the text).
    await sql("UPDATE products SET is_in_stock = true WHERE id = ?", vase);
    const taken = await demo.request(board, { form: { intent: "claim", comment: "@anna VAS2" } });
    expect(taken.status).toBe(302);
    expect(box((await demo.html(board)).html)).toEqual({
      value: undefined,
      invalid: undefined,
      autofocus: false,
      described: [expect.any(String)],
    });
    expect((await demo.json(`/api/v1/shop/lives/${live.id}/end/`, { method: "POST" })).status).toBe(200);
    const ended = await demo.request(board, { form: { intent: "claim", comment: "@zoe VAS2" } });
    expect(ended.status).toBe(302);
    expect((await demo.html(board)).html).toContain("Ce live est terminé : les réservations sont closes.");
    expect((await claimsOf(live.id)).map((c) => [c.handle, c.status])).toEqual([["anna", "held"]]);
  });

  it("counts a claim paid from its order, no more held once its hold ended, and refuses to release a paid one", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Paid claims");
    const cup = await codedProduct(demo, "Claim cup", "CUP3", 5);
    const board = `/dashboard/lives/${live.id}`;
    for (const comment of ["@max CUP3", "@zoe CUP3 x2"]) await demo.request(board, { form: { intent: "claim", comment } });
    const [max, zoe] = await claimsOf(live.id);
    expect(countsOn((await demo.html(board)).html, cup)).toEqual({ held: 3, paid: 0, waiting: 0 });

    const untracked = await codedProduct(demo, "Paid stand-in", "PAY1", 0);
    await sql("UPDATE product_variants SET stock = NULL WHERE product_id = ?", untracked);
    await sql("UPDATE claims SET order_id = ? WHERE id = ?", await paidOrder(untracked), max!.id);
    await sql("UPDATE claims SET held_until = ? WHERE id = ?", pastTime(), zoe!.id);
    const page = await demo.html(board);
    expect(countsOn(page.html, cup)).toEqual({ held: 0, paid: 1, waiting: 0 });
    expect(page.html).toMatch(new RegExp(`data-claim-id="${max!.id}" data-status="paid"`));
    expect(page.html).toMatch(new RegExp(`data-claim-id="${zoe!.id}" data-status="expired"`));

    // A paid claim is not released; nor is a claim of another live (the toast says so, nothing changes).
    await demo.request(board, { form: { intent: "release", claim_id: String(max!.id) } });
    expect((await demo.html(board)).html).toContain("This claim is paid: cancel or refund its order instead.");
    const other = await startLive(demo, "Other live");
    await demo.request(`/dashboard/lives/${other.id}`, { form: { intent: "release", claim_id: String(zoe!.id) } });
    expect((await demo.html(board)).html).toContain("Claim not found.");
    expect((await claimsOf(live.id)).map((c) => c.status)).toEqual(["held", "held"]);
  });

  it("is the 404 page for another seller's claim or release", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Private claims");
    await codedProduct(demo, "Private mug", "PRV1", 5);
    await demo.request(`/dashboard/lives/${live.id}`, { form: { intent: "claim", comment: "@lea PRV1" } });
    const [claim] = await claimsOf(live.id);
    const other = await new TestClient("localhost:3000").signInAs("pending@example.com");
    const forms: Record<string, string>[] = [
      { intent: "claim", comment: "@eve PRV1" },
      { intent: "release", claim_id: String(claim!.id) },
    ];
    for (const form of forms) {
      expect((await other.request(`/dashboard/lives/${live.id}`, { form })).status).toBe(404);
    }
    expect((await claimsOf(live.id)).map((c) => [c.handle, c.status])).toEqual([["lea", "held"]]);
  });

  it("shows the pinned product's code big on the board and on the live page, in both languages", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Coded pin");
    const lamp = await codedProduct(demo, "Coded lamp", "A7", 3);
    await demo.request(`/dashboard/lives/${live.id}`, { form: { intent: "pin", product_id: String(lamp) } });
    const board = await demo.html(`/dashboard/lives/${live.id}`);
    expect(board.html).toMatch(/data-testid="live-pinned-code">Code A7</);
    expect(board.html).toMatch(/<option value="\d+"[^>]*>A7 · <!-- -->Coded lamp/);
    const viewer = new TestClient("demo.localhost:3000");
    const page = await viewer.html(`/live/${live.code}`);
    expect(page.html).toMatch(/data-testid="pinned-code">Code A7</);
    await viewer.request(`/live/${live.code}?lng=fr`);
    expect((await viewer.html(`/live/${live.code}`)).html).toMatch(/data-testid="pinned-code">Code A7</);
  });
});
