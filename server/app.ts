import "react-router";
import { createRequestHandler as createExpressHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { getConfig, mainSiteUrl, shopBaseUrl, workerProcesses } from "~/config.server";
import { createLoadContext } from "~/middleware/request.server";
import { getDatabase } from "~db/client";
import { checkDatabaseTextOrder } from "~db/database-locale";
import { migrateAppDatabase } from "~db/migrate-url";
import { DEMO_ACCOUNTS, seedDemoData } from "~db/seed";
import { hashPassword } from "~/domain/accounts/password.server";
import { flushMail } from "~/domain/mail/mailer.server";
import { approveSeller, rejectSeller } from "~/domain/sellers/approval.server";
import { DomainError } from "~/domain/errors.server";
import { translateMessage } from "~/lib/messages";
import { translatorFor } from "~/lib/translations.server";
import { logger } from "~/lib/logger.server";
import { requestErrorHandler, withRequestLog } from "~/http/request-log.server";
import { crossOriginEdge, withoutForeignOrigin } from "~/http/cross-origin.server";
import { markWarmedUp, startBackgroundWork } from "./lifecycle";
import { warmUp, type ListeningAddress, type WarmUpHandler } from "./warm-up";

/**
 * The server bundle's entry: the express app for `server.js`, a fetch-style handler for
 * tests, and the start-up work (configuration, migrations, demo data).
 */
export { ConfigError } from "~/config.server";
export { securityHeaders } from "~/middleware/security-headers.server";
export { requestEdge } from "~/http/request-log.server";
export { healthCheck, isDraining, markWarmedUp, readiness, stopBackgroundWork } from "./lifecycle";
export { closeDatabase } from "~db/client";
export { takingTurns } from "./request-turns";
// Background rounds the lifecycle runs on timers, for tests to run on demand.
export { sendDueLiveReminders } from "~/domain/lives/reminders.server";
export { flushLiveVisits } from "~/domain/lives/visits.server";
export { flushShopViews } from "~/domain/shops/views.server";
// Tests capture the app's log lines (levels, stacks) with these.
export { createLogger, setLogger } from "~/lib/logger.server";
// `npm run db:migrate` (scripts/migrate.js): SQLite or PostgreSQL, from DATABASE_URL alone.
export { migrateDatabaseAt } from "~db/migrate-url";

/**
 * Readies the node: configuration, migrations, the demo data on an empty database, a look at
 * PostgreSQL's text order (`checkDatabaseTextOrder`), then the background work unless
 * `background` is false (a cluster's primary prepares the database once and leaves the work
 * to its workers).
 */
export async function prepare({ background = true }: { background?: boolean } = {}) {
  const config = getConfig();
  const db = getDatabase();
  let seeded = false;
  // Under the migrations' lock on PostgreSQL: replicas started together seed once.
  await migrateAppDatabase(async () => {
    if (config.SEED_DEMO) seeded = await seedDemoData(db, (password) => hashPassword(password, { atStartup: true }));
  });
  // PostgreSQL's text order follows the database's collation: a warning when it is not SQLite's.
  await checkDatabaseTextOrder(logger());
  if (background) beginBackgroundWork();
  return {
    workers: workerProcesses(config),
    port: config.PORT,
    host: config.HOST,
    // Express `trust proxy` as a hop count: the client address is the entry that many places
    // from the right of X-Forwarded-For. Never `true`, which takes the client-written left-most.
    trustProxy: config.TRUST_PROXY,
    seeded,
    mainUrl: mainSiteUrl(config),
    demoShopUrl: shopBaseUrl({ subdomain: "demo", primaryDomain: null }, config),
    demoAccounts: DEMO_ACCOUNTS,
    paymentProvider: config.paymentProvider,
  };
}

/** The background rounds (mail, sweeps, live events) of a node that prepared with `background: false`. */
export function beginBackgroundWork(): void {
  const config = getConfig();
  startBackgroundWork({ smtp: Boolean(config.SMTP_URL), twitchChatUrl: config.TWITCH_CHAT_URL });
}

/** `npm run admin -- approve <email>` / `reject <email> [<reason>]`: the review from a shell. */
export async function runAdminCommand(args: string[]): Promise<string> {
  const [command, email, ...rest] = args;
  getConfig();
  await migrateAppDatabase();
  try {
    if (command === "approve" && email) {
      const { shopLive } = await approveSeller(email);
      await flushMail();
      return `Approved ${email}.${shopLive ? " The shop is live." : " The shop goes live once the other onboarding steps are done."}`;
    }
    if (command === "reject" && email) {
      // Without a reason none is stored: the seller sees a default one in their language.
      await rejectSeller(email, rest.join(" ") || null);
      await flushMail();
      return `Rejected ${email}.`;
    }
  } catch (error) {
    // Domain errors carry translation keys; the shell speaks English.
    if (error instanceof DomainError) throw new Error(translateMessage(translatorFor("en"), error.messageKey, error.values));
    throw error;
  }
  throw new Error("Usage: npm run admin -- approve <email> | reject <email> [<reason>]");
}

export const app = express.Router();
app.use(crossOriginEdge);
app.use(
  createExpressHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) => createLoadContext(req.ip, req.path, res.locals.crossOrigin === true),
  }),
);
app.use(requestErrorHandler);

const fetchHandler = createRequestHandler(build, process.env.NODE_ENV);
/** Whole requests through the app, as `new Request("http://demo.localhost/...")` (tests). */
export function handleRequest(request: Request, clientAddress = "127.0.0.1"): Promise<Response> {
  return withRequestLog(request, () => {
    const edge = withoutForeignOrigin(request);
    return fetchHandler(edge.request, createLoadContext(clientAddress, new URL(request.url).pathname, edge.crossOrigin));
  });
}

/**
 * The node's warm-up before it is ready (`warm-up.ts`): its pages through the fetch handler,
 * outside the request log; then `/readyz` says ready, unless `thenReady` is false (a worker
 * of several, whose primary says when the whole node has warmed up: server.js). With `address`
 * (where server.js listens), the pages once more through the node's own port. `handle` and
 * `limitMs` are for tests.
 */
export async function warmUpNode({
  handle,
  limitMs,
  thenReady = true,
  address,
}: { handle?: WarmUpHandler; limitMs?: number; thenReady?: boolean; address?: ListeningAddress } = {}): Promise<void> {
  const pages: WarmUpHandler = (request) => fetchHandler(request, createLoadContext("127.0.0.1", new URL(request.url).pathname));
  await warmUp({ handle: handle ?? pages, limitMs, address });
  if (thenReady) markWarmedUp();
}
