import { sql } from "drizzle-orm";
import type { NextFunction } from "express";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { sweepExpiredRecords } from "~/domain/accounts/housekeeping.server";
import { BACKGROUND_CHECK_EVERY_MS, checkPendingDomains } from "~/domain/domains/domains.server";
import { startChatReaders, type ChatReaders } from "~/domain/claims/chat-readers.server";
import { claimFromComment } from "~/domain/claims/claims.server";
import { deliverPendingMail, flushMail } from "~/domain/mail/mailer.server";
import { pruneLiveEvents, resetLiveEventReader } from "~/domain/lives/live-events.server";
import { sendDueLiveReminders } from "~/domain/lives/reminders.server";
import { flushLiveVisits } from "~/domain/lives/visits.server";
import { flushShopViews } from "~/domain/shops/views.server";
import { closeEventStreams } from "~/http/event-stream.server";
import { releaseUnitsOfExpiredHolds } from "~/domain/stock/stock.server";
import { logger } from "~/lib/logger.server";
import { getDatabase } from "~db/client";
import { users } from "~db/schema";

/**
 * A node's life: background work while it serves, health answers for the load balancer,
 * and a graceful stop. A node that is stopping says so on `/readyz` (so the balancer takes
 * it out), claims no more background work, and lets the requests it holds finish.
 */
let draining = false;
const timers: NodeJS.Timeout[] = [];
let delivering: Promise<void> | null = null;
let sweeping: Promise<void> | null = null;
let reminding: Promise<void> | null = null;

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const MAIL_RETRY_EVERY_MS = 60_000;
const SHOP_VIEWS_EVERY_MS = 5_000;
const LIVE_REMINDERS_EVERY_MS = 60_000;
// Holds that ran out go back on sale within this (a sale never waits for it: docs/stock.md).
const HOLDS_SWEEP_EVERY_MS = 20_000;
let releasingHolds: Promise<void> | null = null;
let checkingDomains: Promise<void> | null = null;
// The readers of the running Twitch lives' chats this process holds (one per live across all nodes).
let chatReaders: ChatReaders | null = null;

/**
 * Starts the periodic sweeps (and the mail retries when SMTP is configured), and the chat
 * readers unless `twitchChatUrl` is "off".
 */
export function startBackgroundWork(options: { smtp: boolean; twitchChatUrl: string }): void {
  sweep();
  // Each serving process takes lives through the database lease, as a node does: a node of
  // several workers spreads its lives over them, and a worker that dies is taken over.
  if (options.twitchChatUrl !== "off") chatReaders = startChatReaders({ url: options.twitchChatUrl, claim: claimFromComment });
  timers.push(setInterval(sweep, SWEEP_EVERY_MS).unref());
  timers.push(setInterval(() => void writeShopViews(), SHOP_VIEWS_EVERY_MS).unref());
  timers.push(setInterval(remindLiveCheckouts, LIVE_REMINDERS_EVERY_MS).unref());
  timers.push(setInterval(releaseExpiredHolds, HOLDS_SWEEP_EVERY_MS).unref());
  timers.push(setInterval(checkCustomDomains, BACKGROUND_CHECK_EVERY_MS).unref());
  if (options.smtp) {
    // Mails that could not be delivered are retried every minute; one round at a time.
    timers.push(
      setInterval(() => {
        if (draining || delivering) return;
        delivering = deliverPendingMail()
          .catch((error: unknown) => logger().error({ err: error }, "mail delivery failed"))
          .finally(() => (delivering = null));
      }, MAIL_RETRY_EVERY_MS).unref(),
    );
  }
}

/**
 * One sweep in the background, one at a time: its failure is logged (the next one retries),
 * and stopBackgroundWork waits for the one under way.
 */
function sweep(): void {
  if (draining || sweeping) return;
  sweeping = Promise.all([sweepExpiredRecords(), pruneLiveEvents()])
    .then(() => {})
    .catch((error: unknown) => logger().error({ err: error }, "housekeeping sweep failed"))
    .finally(() => (sweeping = null));
}

/** Holds past their end go back on sale (and to the waitlist), one round at a time. */
function releaseExpiredHolds(): void {
  if (draining || releasingHolds) return;
  releasingHolds = releaseUnitsOfExpiredHolds(new Date())
    .then(() => {})
    .catch((error: unknown) => logger().error({ err: error }, "releasing expired holds failed"))
    .finally(() => (releasingHolds = null));
}

/** Pending custom domains looked up in DNS, one round at a time (each domain is claimed, so nodes never look twice). */
function checkCustomDomains(): void {
  if (draining || checkingDomains) return;
  checkingDomains = checkPendingDomains()
    .then(() => {})
    .catch((error: unknown) => logger().error({ err: error }, "checking custom domains failed"))
    .finally(() => (checkingDomains = null));
}

/** The page views and live visits this node counted since the last write (a failed write is logged, not retried). */
function writeShopViews(): Promise<void> {
  return Promise.all([flushShopViews(), flushLiveVisits()])
    .then(() => {})
    .catch((error: unknown) => logger().error({ err: error }, "writing shop page views failed"));
}

/** The lives' payment reminders that are due, one round at a time (each order is claimed, so nodes never send twice). */
function remindLiveCheckouts(): void {
  if (draining || reminding) return;
  reminding = sendDueLiveReminders()
    .then(() => {})
    .catch((error: unknown) => logger().error({ err: error }, "live reminders failed"))
    .finally(() => (reminding = null));
}

/** Stops claiming background work and waits for the rounds (and the mails) under way. */
export async function stopBackgroundWork(): Promise<void> {
  draining = true;
  for (const timer of timers.splice(0)) clearInterval(timer);
  // Open live boards and live pages reconnect to another node.
  closeEventStreams();
  resetLiveEventReader();
  // Its lives' chats are given up at once: another node takes them on its next round.
  await chatReaders?.stop().catch((error: unknown) => logger().error({ err: error }, "stopping the chat readers failed"));
  chatReaders = null;
  await sweeping;
  await reminding;
  await releasingHolds;
  await checkingDomains;
  await delivering;
  await flushMail();
  await writeShopViews();
}

export function isDraining(): boolean {
  return draining;
}

/**
 * Whether the node has warmed up (`warm-up.ts`): until then `/readyz` says `warming_up`. In a
 * node of several workers each worker warms itself and the primary says when all have, so
 * that every worker answers for the node (server.js).
 */
let warmedUp = false;
export function markWarmedUp(): void {
  warmedUp = true;
}

type Readiness = { ready: true } | { ready: false; reason: "shutting_down" | "warming_up" | "database" };

/** Ready to take traffic: not stopping, warmed up, and the database answers. */
export async function readiness(): Promise<Readiness> {
  if (draining) return { ready: false, reason: "shutting_down" };
  if (!warmedUp) return { ready: false, reason: "warming_up" };
  try {
    await getDatabase()
      .select({ one: sql<number>`1` })
      .from(users)
      .limit(1);
    return { ready: true };
  } catch (error) {
    logger().error({ err: error }, "readiness check: database unreachable");
    return { ready: false, reason: "database" };
  }
}

/**
 * `/healthz` (the process is up and answering) and `/readyz` (and it has warmed up, its
 * database is reachable, and it is not stopping). Mounted before everything else: any Host, no
 * session, no request log line (balancers ask every few seconds).
 */
export async function healthCheck(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
  if ((req.method !== "GET" && req.method !== "HEAD") || (req.path !== "/healthz" && req.path !== "/readyz")) return next();
  res.set("Cache-Control", "no-store");
  if (req.path === "/healthz") {
    res.status(200).json({ status: "ok" });
    return;
  }
  const state = await readiness();
  if (state.ready) res.status(200).json({ status: "ready" });
  else res.status(503).json({ status: "unavailable", reason: state.reason });
}
