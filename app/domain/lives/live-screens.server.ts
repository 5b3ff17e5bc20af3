import { PAID_PAYMENT_STATUSES } from "~/domain/orders/payment-state";
import { shopPublicUrl } from "~/domain/shops/shop-hosts.server";
import type { Live } from "~db/schema";
import { liveBoard } from "./live-board.server";
import { liveQrSvg } from "./live-qr.server";
import { listLives, liveUrl } from "./lives.server";

/** A live as the seller's screens show it (instants as ISO strings). */
function liveSummary(live: Live) {
  return {
    id: live.id,
    code: live.code,
    title: live.title,
    platform: live.platform,
    startedAt: live.createdAt.toISOString(),
    scheduledAt: live.scheduledAt?.toISOString() ?? null,
    endedAt: live.endedAt?.toISOString() ?? null,
    reminderDelayMinutes: live.reminderDelayMinutes,
    chatChannel: live.chatChannel,
    // A node holds the reader's lease: the chat is being read (the board shows it).
    chatRead: live.chatReaderUntil !== null && live.chatReaderUntil > new Date(),
  };
}

/** /dashboard/lives: the shop's lives, newest first, with their figures. */
export async function livesScreen(shopId: number) {
  return (await listLives(shopId)).map(({ live, stats }) => ({ ...liveSummary(live), stats }));
}

/** /dashboard/lives/{id}: the board's data, with the live's link and its QR code. */
export async function liveBoardScreen(shopId: number, liveId: number) {
  const board = await liveBoard(shopId, liveId);
  const url = liveUrl(await shopPublicUrl(shopId), board.live.code);
  const paid: readonly string[] = PAID_PAYMENT_STATUSES;
  return {
    ...board,
    live: liveSummary(board.live),
    orders: board.orders.map((order) => ({ ...order, paid: paid.includes(order.paymentStatus) })),
    url,
    qrSvg: await liveQrSvg(url),
  };
}
export type LiveBoardScreen = Awaited<ReturnType<typeof liveBoardScreen>>;
export type LiveListItem = Awaited<ReturnType<typeof livesScreen>>[number];
