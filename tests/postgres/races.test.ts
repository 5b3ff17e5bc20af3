// Races that SQLite's single writer never shows: many connections writing at once under
// PostgreSQL's READ COMMITTED, through the app's own pool (DATABASE_URL is a real server).
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { takeHits } from "~/domain/accounts/rate-limit.server";
import { createCategory } from "~/domain/catalogue/manage.server";
import { setPrimaryDomain } from "~/domain/domains/domains.server";
import { ConflictError, ValidationError } from "~/domain/errors.server";
import { recordRefund, refundOrder } from "~/domain/payments/refunds.server";
import { createOrder } from "~/domain/orders/orders.server";
import { recordDispute } from "~/domain/payments/disputes.server";
import { handleProviderEvent } from "~/domain/payments/events.server";
import { applyIntentState, discardUnpaidIntent, startPayment } from "~/domain/payments/intents.server";
import { createSellerAccount } from "~/domain/sellers/registration.server";
import { checkoutSchema } from "~/schemas/checkout";
import { registrationStep1Schema, registrationStep2Schema, registrationStep3Schema } from "~/schemas/sellers";
import { databaseEngine, getDatabase, preparedRead, writeTransaction } from "~db/client";
import { orderRefunds, orders, paymentDisputes, paymentTransactions, shopDomains, shops, users } from "~db/schema";
import { recordSucceededSimulatedIntent } from "../support/simulated-intents";
import { CHECKOUT_FIELDS, createProduct, createShop, createSimulatedPayment, paymentEntriesOf } from "../unit/factories";
import { orderInput, payableShop, place, viewerNo } from "../unit/stock-drops";

describe("on a real PostgreSQL server", () => {
  it("runs the app on PostgreSQL", () => {
    expect(databaseEngine()).toBe("postgres");
  });

  it("runs a prepared read inside a transaction on that transaction's connection, not on another of the pool", async () => {
    const shop = await createShop({ subdomain: "prepared-pool", name: "Committed" });
    const nameOf = preparedRead("test_name_in_pool", (db) =>
      db
        .select({ name: shops.name })
        .from(shops)
        .where(eq(shops.subdomain, sql.placeholder("subdomain"))),
    );
    // Prepared on the pool first, then read inside a transaction holding an uncommitted change.
    expect(await nameOf({ subdomain: "prepared-pool" })).toEqual([{ name: "Committed" }]);
    // On another pooled connection (READ COMMITTED) it would still read "Committed".
    const inside = await writeTransaction(async (tx) => {
      await tx.update(shops).set({ name: "Uncommitted" }).where(eq(shops.id, shop.id));
      return nameOf({ subdomain: "prepared-pool" });
    });
    expect(inside).toEqual([{ name: "Uncommitted" }]);
    expect(await nameOf({ subdomain: "prepared-pool" })).toEqual([{ name: "Uncommitted" }]);
  });

  it("gives 50 orders placed at once in one shop 50 distinct, consecutive numbers", async () => {
    const shop = await createShop();
    const input = { ...checkoutSchema(1000).parse({ ...CHECKOUT_FIELDS, reference: "Live #1", total_amount: "20" }), items: [] };
    const shopper = { shopperKeyHash: null, userId: null, language: "en" as const };
    const placed = await Promise.all(Array.from({ length: 50 }, () => createOrder(shop, input, shopper)));
    expect(placed.map((order) => order.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const [after] = await getDatabase().select().from(shops).where(eq(shops.id, shop.id));
    expect(after?.nextOrderNumber).toBe(51);
  });

  it("lets one of two registrations of one subdomain through and answers the other 409 on the subdomain", async () => {
    const account = (email: string) => ({
      ...registrationStep1Schema.parse({ business_name: "Twin", subdomain: "twin-shop", business_type: "individual" }),
      ...registrationStep2Schema.parse({ contact_email: email, contact_phone: "0600000000" }),
      ...registrationStep3Schema.parse({ email, first_name: "T", last_name: "W", password: "Abcdef1!", password_confirm: "Abcdef1!" }),
    });
    const results = await Promise.allSettled([
      createSellerAccount(account("one@twin.test"), "en", "10.0.0.1"),
      createSellerAccount(account("two@twin.test"), "en", "10.0.0.2"),
    ]);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBeInstanceOf(ConflictError);
    expect((refused[0]!.reason as ConflictError).fieldErrors).toEqual({ subdomain: ["sellers.subdomain.taken"] });
    expect(await getDatabase().select().from(shops).where(eq(shops.subdomain, "twin-shop"))).toHaveLength(1);
    const emails = (await getDatabase().select().from(users)).map((user) => user.email).filter((email) => email.endsWith("@twin.test"));
    expect(emails).toHaveLength(1);
  });

  it("applies a payment once when its event arrives several times at once", async () => {
    const { order, accountId, intentId, succeededIntent } = await createSimulatedPayment();
    const event = { type: "payment.succeeded" as const, id: `evt_race_${intentId}`, accountId, intent: succeededIntent };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => handleProviderEvent(event)));
    expect(outcomes.filter((o) => o.outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "duplicate")).toHaveLength(7);
    const [paid] = await getDatabase().select().from(orders).where(eq(orders.id, order.id));
    expect(paid?.paymentStatus).toBe("succeeded");
    expect(await paymentEntriesOf(order.id)).toHaveLength(1);
  });

  it("records a payment once when the shopper's confirm and the provider's webhooks land at once", async () => {
    const { order, transactionId, succeededIntent } = await createSimulatedPayment();
    // Confirms carry no event id; each webhook its own (a retry of the provider is a new delivery of one id).
    const changes = await Promise.all([
      ...Array.from({ length: 4 }, () => applyIntentState(transactionId, succeededIntent)),
      ...Array.from({ length: 4 }, (_, i) => applyIntentState(transactionId, succeededIntent, `evt_confirm_${transactionId}_${i % 2}`)),
    ]);
    expect(changes.filter((change) => change.becamePaid)).toHaveLength(1);
    expect(await paymentEntriesOf(order.id)).toHaveLength(1);
    const [paid] = await getDatabase().select().from(orders).where(eq(orders.id, order.id));
    expect(paid?.paymentStatus).toBe("succeeded");
  });

  it("never reserves more refunds than the payment when two are asked at once", async () => {
    const { shop, order, accountId, intentId } = await createSimulatedPayment("succeeded");
    // The provider knows the payment, so the refund that fits goes through and stays: the other
    // is refused whichever reaches its reservation first, and whether or not they overlap.
    await recordSucceededSimulatedIntent({ id: intentId, accountId, amountCents: order.totalAmountCents, applicationFeeCents: 60 });
    const actor = { userId: shop.ownerId, shopId: shop.id };
    const asked = await Promise.allSettled([
      refundOrder(order.id, { amountCents: 2000, reason: "" }, actor, { notifyShopper: false }),
      refundOrder(order.id, { amountCents: 2000, reason: "" }, actor, { notifyShopper: false }),
    ]);
    // 25.00 paid: one 20.00 refund fits, two do not. The second is refused before the provider is asked.
    const refusedAsTooMuch = asked.filter(
      (r) =>
        r.status === "rejected" &&
        r.reason instanceof ValidationError &&
        r.reason.fieldErrors.amount?.[0]?.startsWith("refunds.errors.too_much"),
    );
    expect(refusedAsTooMuch).toHaveLength(1);
    expect(asked.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refunds = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds.map((refund) => [refund.amountCents, refund.status])).toEqual([[2000, "succeeded"]]);
  });

  it("records five refunds settled at once as the whole payment refunded", async () => {
    const { shop, order, accountId, intentId } = await createSimulatedPayment("succeeded");
    await recordSucceededSimulatedIntent({ id: intentId, accountId, amountCents: order.totalAmountCents, applicationFeeCents: 60 });
    const actor = { userId: shop.ownerId, shopId: shop.id };
    const fifth = order.totalAmountCents / 5;
    const asked = await Promise.allSettled(
      Array.from({ length: 5 }, () => refundOrder(order.id, { amountCents: fifth, reason: "" }, actor, { notifyShopper: false })),
    );
    expect(asked.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    // Each settled on the total it read: the last one written counted four fifths at most.
    const [txn] = await getDatabase().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
    const [refunded] = await getDatabase().select().from(orders).where(eq(orders.id, order.id));
    expect([txn?.refundedAmountCents, txn?.status, refunded?.paymentStatus]).toEqual([order.totalAmountCents, "refunded", "refunded"]);
  });

  it("keeps the highest refunded total when the provider's refund events arrive together", async () => {
    const { order, transactionId } = await createSimulatedPayment("succeeded");
    // The newest total (the whole payment) first, three older ones (10.00) at the same time.
    await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        recordRefund(transactionId, i === 0 ? order.totalAmountCents : 1000, `evt_refunded_${transactionId}_${i}`),
      ),
    );
    const [txn] = await getDatabase().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
    const [refunded] = await getDatabase().select().from(orders).where(eq(orders.id, order.id));
    expect([txn?.refundedAmountCents, txn?.status, refunded?.paymentStatus]).toEqual([order.totalAmountCents, "refunded", "refunded"]);
  });

  it("never reopens a dispute closed while its older updates arrive together", async () => {
    // The decision's place among them changes each round: it is overwritten when an update read
    // the dispute before the decision was written and wrote after it.
    for (let round = 0; round < 12; round++) {
      const { accountId, intentId } = await createSimulatedPayment("succeeded");
      const dispute = (status: string) => ({
        id: `dp_${intentId}`,
        intentId,
        amountCents: 2500,
        currency: "EUR",
        reason: "fraudulent",
        status,
        evidenceDueBy: null,
      });
      await recordDispute(`evt_dispute_${intentId}_opened`, accountId, dispute("needs_response"));
      // Older updates (under review) and the bank's decision at the same time.
      await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          recordDispute(`evt_dispute_${intentId}_${i}`, accountId, dispute(i === round % 4 ? "lost" : "under_review")),
        ),
      );
      const [stored] = await getDatabase()
        .select()
        .from(paymentDisputes)
        .where(eq(paymentDisputes.providerDisputeId, `dp_${intentId}`));
      expect(stored?.status).toBe("lost");
    }
  });

  it("gives one new intent to every call restarting a cancelled payment at once, the one recorded", async () => {
    const shop = await payableShop();
    const product = await createProduct(shop.id, { name: "Scarf", priceCents: 2500 });
    for (let round = 0; round < 4; round++) {
      const order = await place(shop, 1, orderInput({ productId: product.id }, 2500));
      await startPayment(order.id, viewerNo(1), "simulated", shop.id);
      // Its amount changed on the shipping step: the intent under way was cancelled.
      await discardUnpaidIntent(order.id);
      const started = await Promise.all(Array.from({ length: 8 }, () => startPayment(order.id, viewerNo(1), "simulated", shop.id)));
      const [recorded] = await getDatabase().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
      // Each wrote its own intent over the others': a shopper paying one of those was never recorded.
      expect(new Set(started.map((intent) => intent.client_secret))).toEqual(new Set([recorded?.clientSecret]));
      expect(recorded?.status).toBe("pending");
    }
  });

  it("counts parallel requests of one client against its limit one after the other", async () => {
    const rule = { key: "race:login:198.51.100.7", limit: 5, windowMs: 60_000 };
    const taken = await Promise.all(Array.from({ length: 20 }, () => takeHits([rule])));
    expect(taken.filter((result) => !result.limited)).toHaveLength(5);
  });

  it("gives categories created at once from one name distinct slugs", async () => {
    const shop = await createShop();
    const created = await Promise.all(Array.from({ length: 6 }, () => createCategory(shop.id, { name: "Bijoux" })));
    expect(created.map((category) => category.slug).sort()).toEqual(["bijoux", "bijoux-2", "bijoux-3", "bijoux-4", "bijoux-5", "bijoux-6"]);
  });

  it("leaves one primary domain when several of a shop are made primary at once", async () => {
    const shop = await createShop();
    const ids: number[] = [];
    for (const domain of ["primary-a.test", "primary-b.test", "primary-c.test"]) {
      const [row] = await getDatabase()
        .insert(shopDomains)
        .values({ shopId: shop.id, domain, status: "verified", verificationToken: "token", verifiedAt: new Date(), checkUntil: new Date() })
        .returning({ id: shopDomains.id });
      ids.push(row!.id);
    }
    for (let round = 0; round < 5; round++) {
      await getDatabase().update(shopDomains).set({ isPrimary: false }).where(eq(shopDomains.shopId, shop.id));
      await Promise.all(ids.map((id) => setPrimaryDomain(shop.id, id, true)));
      const primaries = await getDatabase()
        .select({ id: shopDomains.id })
        .from(shopDomains)
        .where(and(eq(shopDomains.shopId, shop.id), eq(shopDomains.isPrimary, true)));
      expect(primaries).toHaveLength(1);
    }
  });
});
