import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { RateLimitedError, ValidationError, NotFoundError } from "~/domain/errors.server";
import { sendOrderPaidMails } from "~/domain/orders/order-mails.server";
import { createOrder, getVisibleOrder, listOrders, shopperScope } from "~/domain/orders/orders.server";
import {
  ACCESS_CODE_MAX_FAILURES,
  ACCESS_CODE_TTL_MS,
  forgetShopperEmails,
  provenShopperEmails,
  requestShopperAccessCode,
  verifyShopperAccessCode,
} from "~/domain/orders/shopper-access.server";
import {
  createOrderStatusLink,
  orderIdForStatusLink,
  rotateOrderStatusLinks,
  sendWithOrderStatusLink,
} from "~/domain/orders/status-links.server";
import { canEditOrder, canViewOrder, type OrderViewer } from "~/domain/orders/visibility.server";
import { checkoutSchema, orderListQuerySchema } from "~/schemas/checkout";
import { shopperCodeVerifySchema } from "~/schemas/shopper-access";
import { getDatabase } from "~db/client";
import { mailOutbox, orderStatusLinks, shopperAccessCodes, type Shop } from "~db/schema";
import { CHECKOUT_FIELDS, createShop } from "./factories";

const checkout = { ...CHECKOUT_FIELDS, full_name: "Ada Shopper", email: "Ada@Example.co", reference: "R1", total_amount: "10" };
const placeOrder = (shop: Shop, email = checkout.email, shopperKeyHash = "browser-a") =>
  createOrder(shop, { ...checkoutSchema(1000).parse({ ...checkout, email }), items: [] }, { shopperKeyHash, userId: null, language: "en" });
const nobody: OrderViewer = { shopperKeyHash: null, user: null, ownedShopId: null };
const mailsTo = (to: string) => getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, to));
const codeIn = (text: string) => /^(\d{6})$/m.exec(text)?.[1];

describe("visibility through a status link or a proven email", () => {
  const order = { id: 5, shopId: 1, shopperKeyHash: "hash-a", userId: null, email: "buyer@example.co" };
  it.each<[string, Partial<OrderViewer>, boolean]>([
    ["the status link of that order", { statusLinkOrderId: 5 }, true],
    ["the status link of another order", { statusLinkOrderId: 6 }, false],
    ["the order's email proven in that shop", { provenEmails: { shopId: 1, emails: ["buyer@example.co"] } }, true],
    ["the order's email proven in another shop", { provenEmails: { shopId: 2, emails: ["buyer@example.co"] } }, false],
    ["another email proven in that shop", { provenEmails: { shopId: 1, emails: ["other@example.co"] } }, false],
  ])("%s: %s", (_label, over, expected) => {
    expect(canViewOrder(order, { ...nobody, ...over })).toBe(expected);
  });

  // docs/lives.md: a status link lets its holder "see and pay that one order, and nothing else".
  it.each<[string, Partial<OrderViewer>, boolean]>([
    ["the browser that placed it", { shopperKeyHash: "hash-a" }, true],
    ["the order's email proven in that shop", { provenEmails: { shopId: 1, emails: ["buyer@example.co"] } }, true],
    ["a verified account with the order's email", { user: { id: 9, email: "Buyer@example.co", isVerified: true } }, true],
    ["an unverified account with the order's email", { user: { id: 9, email: "buyer@example.co", isVerified: false } }, false],
    ["the status link of that order", { statusLinkOrderId: 5 }, false],
    ["the status link, in another browser", { statusLinkOrderId: 5, shopperKeyHash: "hash-b" }, false],
    ["the shop's seller", { ownedShopId: 1 }, false],
  ])("changing its details: %s: %s", (_label, over, expected) => {
    expect(canEditOrder(order, { ...nobody, ...over })).toBe(expected);
  });
});

describe("order status links", () => {
  it("open exactly their order, in their shop, until revoked; the shopper then gets a new one", async () => {
    const shop = await createShop();
    const order = await placeOrder(shop);
    const other = await placeOrder(shop);
    const { token } = await createOrderStatusLink(order.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await orderIdForStatusLink(token, shop.id)).toBe(order.id);
    expect(await orderIdForStatusLink(token, (await createShop()).id)).toBeNull();
    expect(
      await orderIdForStatusLink(`${token.slice(0, -1)}A` === token ? `${token.slice(0, -1)}B` : `${token.slice(0, -1)}A`, shop.id),
    ).toBeNull();
    // Only the hash is stored.
    expect((await getDatabase().select().from(orderStatusLinks)).some((row) => row.tokenHash.includes(token))).toBe(false);
    // The link lets a stranger see that order and still not the other one.
    expect((await getVisibleOrder(order.id, { ...nobody, statusLinkOrderId: order.id }, shop.id)).id).toBe(order.id);
    await expect(getVisibleOrder(other.id, { ...nobody, statusLinkOrderId: order.id }, shop.id)).rejects.toThrowError(NotFoundError);

    const second = (await createOrderStatusLink(order.id)).token;
    expect(await rotateOrderStatusLinks(order.id, shop.id)).toBe("0001");
    expect(await orderIdForStatusLink(token, shop.id)).toBeNull();
    expect(await orderIdForStatusLink(second, shop.id)).toBeNull();
    const mail = (await mailsTo("ada@example.co")).at(-1)!;
    expect(mail.template).toBe("order_status_link");
    const fresh = /\/order-status\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    expect(await orderIdForStatusLink(fresh, shop.id)).toBe(order.id);
    const otherShop = await createShop();
    await expect(rotateOrderStatusLinks(order.id, otherShop.id)).rejects.toThrowError(NotFoundError);
  });

  it("the confirmation mail carries a working link; a mail not sent leaves no live link", async () => {
    const shop = await createShop();
    const order = await placeOrder(shop, "link@example.co");
    await sendOrderPaidMails(order.id);
    const mail = (await mailsTo("link@example.co")).find((m) => m.template === "order_paid_shopper")!;
    const token = new RegExp(`${shop.subdomain}\\.[^/]+/order-status/([A-Za-z0-9_-]{43})`).exec(mail.text)![1]!;
    expect(await orderIdForStatusLink(token, shop.id)).toBe(order.id);
    const before = (await getDatabase().select().from(orderStatusLinks).where(eq(orderStatusLinks.orderId, order.id))).length;
    await sendOrderPaidMails(order.id); // deduplicated: no second mail, no second link
    await sendWithOrderStatusLink(order.id, shop.id, () => Promise.resolve(false));
    expect(await getDatabase().select().from(orderStatusLinks).where(eq(orderStatusLinks.orderId, order.id))).toHaveLength(before);
  });
});

describe("shopper access with a one-time code", () => {
  const who = (shop: Shop, over: Partial<{ email: string; shopperKeyHash: string; clientAddress: string }> = {}) => ({
    shopId: shop.id,
    shop,
    email: "ada@example.co",
    shopperKeyHash: "browser-b",
    clientAddress: `10.0.0.${Math.floor(Math.random() * 250)}`,
    language: "en" as const,
    ...over,
  });

  it("mails a code only when the email ordered in that shop, and answers the same either way", async () => {
    const shop = await createShop();
    await placeOrder(shop, "ada@example.co");
    await expect(requestShopperAccessCode(who(shop, { email: "nobody-here@example.co" }))).resolves.toBeUndefined();
    expect(await mailsTo("nobody-here@example.co")).toHaveLength(0);
    await requestShopperAccessCode(who(shop));
    const mail = (await mailsTo("ada@example.co")).find((m) => m.template === "shopper_access_code")!;
    expect(mail.subject).toContain(shop.name);
    const code = codeIn(mail.text)!;
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed.
    expect((await getDatabase().select().from(shopperAccessCodes)).some((row) => row.codeHash.includes(code))).toBe(false);
  });

  it("a right code gives this browser that email's orders in that shop only; once", async () => {
    const shop = await createShop();
    const otherShop = await createShop();
    const mine = await placeOrder(shop, "bea@example.co", "phone");
    await placeOrder(shop, "someone@example.co", "phone-2");
    await placeOrder(otherShop, "bea@example.co", "phone");
    await requestShopperAccessCode(who(shop, { email: "bea@example.co", shopperKeyHash: "laptop" }));
    const code = codeIn((await mailsTo("bea@example.co")).at(-1)!.text)!;
    // Another browser cannot use it.
    await expect(
      verifyShopperAccessCode({ ...who(shop, { email: "bea@example.co", shopperKeyHash: "stranger" }), code }),
    ).rejects.toThrowError(ValidationError);
    await verifyShopperAccessCode({ ...who(shop, { email: "BEA@example.co", shopperKeyHash: "laptop" }), code });
    expect(await provenShopperEmails(shop.id, "laptop")).toEqual(["bea@example.co"]);
    expect(await provenShopperEmails(otherShop.id, "laptop")).toEqual([]);
    const viewer: OrderViewer = {
      ...nobody,
      shopperKeyHash: "laptop",
      provenEmails: { shopId: shop.id, emails: await provenShopperEmails(shop.id, "laptop") },
    };
    expect((await listOrders(shopperScope(shop.id, viewer), orderListQuerySchema.parse({}))).items.map((o) => o.id)).toEqual([mine.id]);
    expect((await listOrders(shopperScope(otherShop.id, viewer), orderListQuerySchema.parse({}))).count).toBe(0);
    // Single use.
    await expect(
      verifyShopperAccessCode({ ...who(shop, { email: "bea@example.co", shopperKeyHash: "laptop" }), code }),
    ).rejects.toThrowError(ValidationError);
    await forgetShopperEmails(shop.id, "laptop");
    expect(await provenShopperEmails(shop.id, "laptop")).toEqual([]);
  });

  it("a code expires, dies after too many wrong guesses, and is replaced by a newer one", async () => {
    const shop = await createShop();
    await placeOrder(shop, "cy@example.co");
    const base = who(shop, { email: "cy@example.co" });
    const now = Date.now();
    await requestShopperAccessCode(base, now);
    const first = codeIn((await mailsTo("cy@example.co")).at(-1)!.text)!;
    await expect(verifyShopperAccessCode({ ...base, code: first }, now + ACCESS_CODE_TTL_MS + 1)).rejects.toThrowError(ValidationError);

    await requestShopperAccessCode(base, now + 1000);
    const second = codeIn((await mailsTo("cy@example.co")).at(-1)!.text)!;
    await expect(verifyShopperAccessCode({ ...base, code: first === second ? "000000" : first }, now + 2000)).rejects.toThrowError(
      ValidationError,
    );
    const wrong = second === "123456" ? "654321" : "123456";
    for (let i = 1; i < ACCESS_CODE_MAX_FAILURES; i++) {
      await expect(verifyShopperAccessCode({ ...base, code: wrong }, now + 2000 + i)).rejects.toThrowError(ValidationError);
    }
    await expect(verifyShopperAccessCode({ ...base, code: second }, now + 3000)).rejects.toThrowError(ValidationError);
    expect(await provenShopperEmails(shop.id, base.shopperKeyHash)).toEqual([]);
  });

  it("a code dies after too many wrong guesses made at once too", async () => {
    const shop = await createShop();
    await placeOrder(shop, "hal@example.co");
    const base = who(shop, { email: "hal@example.co" });
    await requestShopperAccessCode(base);
    const code = codeIn((await mailsTo("hal@example.co")).at(-1)!.text)!;
    const wrong = code === "123456" ? "654321" : "123456";
    const guesses = await Promise.allSettled(
      Array.from({ length: ACCESS_CODE_MAX_FAILURES }, () => verifyShopperAccessCode({ ...base, code: wrong })),
    );
    expect(guesses.every((g) => g.status === "rejected" && g.reason instanceof ValidationError)).toBe(true);
    // Each guess read the failures before the others' and wrote one more: the code lived on.
    await expect(verifyShopperAccessCode({ ...base, code })).rejects.toThrowError(ValidationError);
    expect(await provenShopperEmails(shop.id, base.shopperKeyHash)).toEqual([]);
  });

  it("limits code requests per email and per address, and wrong codes per address", async () => {
    const shop = await createShop();
    await placeOrder(shop, "dee@example.co");
    const base = who(shop, { email: "dee@example.co", clientAddress: "192.0.2.1" });
    for (let i = 0; i < 3; i++) await requestShopperAccessCode(base);
    await expect(requestShopperAccessCode({ ...base, clientAddress: "192.0.2.2" })).rejects.toThrowError(RateLimitedError);
    for (let i = 0; i < 7; i++) await requestShopperAccessCode({ ...base, email: `x${i}@example.co` });
    await expect(requestShopperAccessCode({ ...base, email: "fresh@example.co" })).rejects.toThrowError(RateLimitedError);

    const guesser = who(shop, { email: "dee@example.co", clientAddress: "192.0.2.9", shopperKeyHash: "guesser" });
    let limited: unknown;
    for (let i = 0; i < 25 && !limited; i++) {
      try {
        await verifyShopperAccessCode({ ...guesser, email: `guess${i}@example.co`, code: "111111" });
      } catch (error) {
        if (error instanceof RateLimitedError) limited = error;
      }
    }
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect((limited as RateLimitedError).values.minutes).toBeGreaterThan(0);
  });

  it("a stranger's code requests and wrong codes do not lock out the browser that ordered; the stranger stays limited", async () => {
    const shop = await createShop();
    await placeOrder(shop, "eve-victim@example.co", "owner-phone");
    const stranger = (i: number) =>
      who(shop, { email: "eve-victim@example.co", shopperKeyHash: `stranger-${i}`, clientAddress: `198.51.100.${i}` });
    for (let i = 0; i < 3; i++) await requestShopperAccessCode(stranger(i));
    await expect(requestShopperAccessCode(stranger(3))).rejects.toThrowError(RateLimitedError);
    for (let i = 0; i < 10; i++) {
      await expect(verifyShopperAccessCode({ ...stranger(10 + i), code: "111111" })).rejects.toThrowError(ValidationError);
    }
    await expect(verifyShopperAccessCode({ ...stranger(20), code: "111111" })).rejects.toThrowError(RateLimitedError);

    // The browser that ordered with the email keeps its own allowance, from any address.
    const owner = who(shop, { email: "eve-victim@example.co", shopperKeyHash: "owner-phone", clientAddress: "203.0.113.7" });
    const sent = (await mailsTo("eve-victim@example.co")).length;
    await requestShopperAccessCode(owner);
    expect(await mailsTo("eve-victim@example.co")).toHaveLength(sent + 1);
    const code = codeIn((await mailsTo("eve-victim@example.co")).at(-1)!.text)!;
    await expect(verifyShopperAccessCode({ ...owner, code: code === "111111" ? "222222" : "111111" })).rejects.toThrowError(
      ValidationError,
    );
    await verifyShopperAccessCode({ ...owner, code });
    expect(await provenShopperEmails(shop.id, "owner-phone")).toEqual(["eve-victim@example.co"]);
    // The strangers are still refused, and the owner's allowance has a limit of its own.
    await expect(requestShopperAccessCode(stranger(21))).rejects.toThrowError(RateLimitedError);
    await expect(verifyShopperAccessCode({ ...stranger(22), code: "111111" })).rejects.toThrowError(RateLimitedError);
    await requestShopperAccessCode(owner);
    await requestShopperAccessCode(owner);
    await expect(requestShopperAccessCode(owner)).rejects.toThrowError(RateLimitedError);
  });

  it("a browser that proved the email keeps its allowance too; the address limit holds for everyone", async () => {
    const shop = await createShop();
    await placeOrder(shop, "fay@example.co", "fay-phone");
    const laptop = who(shop, { email: "fay@example.co", shopperKeyHash: "fay-laptop", clientAddress: "203.0.113.20" });
    await requestShopperAccessCode(laptop);
    await verifyShopperAccessCode({ ...laptop, code: codeIn((await mailsTo("fay@example.co")).at(-1)!.text)! });
    // The laptop's first request was a stranger's: two more fill the email's count.
    for (let i = 0; i < 2; i++) {
      await requestShopperAccessCode(
        who(shop, { email: "fay@example.co", shopperKeyHash: `s-${i}`, clientAddress: `198.51.100.${40 + i}` }),
      );
    }
    await expect(requestShopperAccessCode(who(shop, { email: "fay@example.co", clientAddress: "198.51.100.50" }))).rejects.toThrowError(
      RateLimitedError,
    );
    await requestShopperAccessCode({ ...laptop, clientAddress: "203.0.113.21" });

    // One address: 10 requests an hour, whoever's browser asks.
    const shared = "192.0.2.77";
    for (let i = 0; i < 10; i++) await requestShopperAccessCode(who(shop, { email: `other${i}@example.co`, clientAddress: shared }));
    await expect(requestShopperAccessCode({ ...laptop, clientAddress: shared })).rejects.toThrowError(RateLimitedError);
    await expect(
      requestShopperAccessCode(who(shop, { email: "fay@example.co", shopperKeyHash: "fay-phone", clientAddress: shared })),
    ).rejects.toThrowError(RateLimitedError);
  });

  it("does the same work whether or not the email has orders in the shop", async () => {
    const shop = await createShop();
    await placeOrder(shop, "gus@example.co");
    // Every statement of either engine is prepared by its drizzle session (transactions included).
    const { session } = getDatabase() as unknown as { session: { prepareQuery: (query: { sql: string }, ...rest: never[]) => unknown } };
    const statements = async (email: string) => {
      const spy = vi.spyOn(Object.getPrototypeOf(session) as typeof session, "prepareQuery");
      try {
        await requestShopperAccessCode(who(shop, { email, clientAddress: "192.0.2.90" }));
        return spy.mock.calls.map(([query]) => query.sql);
      } finally {
        spy.mockRestore();
      }
    };
    const withOrders = await statements("gus@example.co");
    const without = await statements("nobody-at-all@example.co");
    // A code row and a mail row are written (and taken back) in both cases.
    expect(withOrders.filter((text) => /^insert into "(shopper_access_codes|mail_outbox)"/.test(text))).toHaveLength(2);
    expect(without).toEqual(withOrders);
    // What stays differs: the mail and the code exist only for the email that has orders.
    expect(await mailsTo("nobody-at-all@example.co")).toHaveLength(0);
    const codes = await getDatabase().select().from(shopperAccessCodes).where(eq(shopperAccessCodes.shopId, shop.id));
    expect(codes.map((row) => row.email)).toEqual(["gus@example.co"]);
    expect(await mailsTo("gus@example.co")).toHaveLength(1);
  });

  it("reads the code with the spaces a shopper may type", () => {
    expect(shopperCodeVerifySchema.parse({ email: " Ada@Example.co ", code: "123 456" })).toEqual({
      email: "ada@example.co",
      code: "123456",
    });
    expect(shopperCodeVerifySchema.safeParse({ email: "ada@example.co", code: "12345" }).error?.issues[0]?.message).toBe(
      "shopper_access.errors.code_format",
    );
  });
});
