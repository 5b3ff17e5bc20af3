import { and, eq, gte, inArray, isNotNull, isNull, lte, ne } from "drizzle-orm";
import { liveReminderMail } from "~/domain/mail/templates.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { formatOrderNumber } from "~/domain/orders/orders.server";
import { sendWithOrderStatusLink } from "~/domain/orders/status-links.server";
import { formatMoney } from "~/lib/money";
import { getDatabase } from "~db/client";
import { lives, orders, shops } from "~db/schema";

/** Checkouts that can still be paid: not paid, not canceled, not being settled by the bank. */
const REMINDABLE = ["pending", "requires_payment_method", "requires_action", "failed"] as const;
/** Reminders go to checkouts of lives started in the last week (the longest delay). */
const LOOKBACK_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * Mails each unpaid checkout of a live its one reminder once the live's delay has passed,
 * with a link that opens that one order (and its payment) on any device. Each order is
 * claimed by a conditional update first, so with several nodes running, one mail goes.
 * Returns how many were sent.
 */
export async function sendDueLiveReminders(now = new Date()): Promise<number> {
  const db = getDatabase();
  const withReminder = await db
    .select({ live: lives, shop: { name: shops.name, subdomain: shops.subdomain } })
    .from(lives)
    .innerJoin(shops, eq(shops.id, lives.shopId))
    .where(and(isNotNull(lives.reminderDelayMinutes), gte(lives.createdAt, new Date(now.getTime() - LOOKBACK_MS))));
  let sent = 0;
  for (const { live, shop } of withReminder) {
    const due = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.liveId, live.id),
          isNull(orders.reminderSentAt),
          inArray(orders.paymentStatus, [...REMINDABLE]),
          ne(orders.status, "cancelled"),
          lte(orders.createdAt, new Date(now.getTime() - live.reminderDelayMinutes! * 60_000)),
        ),
      )
      .limit(500);
    for (const order of due) {
      const [claimed] = await db
        .update(orders)
        .set({ reminderSentAt: now })
        .where(and(eq(orders.id, order.id), isNull(orders.reminderSentAt)))
        .returning({ id: orders.id });
      if (!claimed) continue;
      const number = formatOrderNumber(order.number);
      await sendWithOrderStatusLink(order.id, live.shopId, (link) =>
        sendMail({
          to: order.email,
          template: "live_reminder",
          dedupeKey: `live-reminder:${order.id}`,
          ...liveReminderMail(order.language, {
            shopName: shop.name,
            liveTitle: live.title,
            customer: order.fullName,
            number,
            total: formatMoney(order.totalAmountCents, order.currency, order.language),
            link,
          }),
        }),
      );
      sent += 1;
    }
  }
  return sent;
}
