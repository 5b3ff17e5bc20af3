import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import pino, { type DestinationStream, type Level, type Logger } from "pino";
import { getConfig } from "~/config.server";

/**
 * The server's log: JSON lines on stdout (pino), at LOG_LEVEL. Code running for a request
 * logs through `requestLog()`, whose lines carry that request's id, so the request line,
 * its errors and the id shown to the user (X-Request-Id, error pages, API errors) match.
 */
export function createLogger(level: Level | "silent", destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

let rootLogger: Logger | undefined;
export function logger(): Logger {
  rootLogger ??= createLogger(getConfig().LOG_LEVEL);
  return rootLogger;
}

/** Replaces the root logger (tests capture the log with `createLogger(level, destination)`). */
export function setLogger(custom: Logger | undefined): void {
  rootLogger = custom;
}

type RequestScope = { requestId: string; log: Logger };
const requestScope = new AsyncLocalStorage<RequestScope>();

/** Always generated here: an id taken from the client could be forged or inject log text. */
export function newRequestId(): string {
  return crypto.randomBytes(8).toString("hex");
}

/** Runs `work` (and everything it awaits) as part of the request `requestId`. */
export function runInRequestScope<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId, log: logger().child({ request_id: requestId }) }, work);
}

/** The current request's id, or null outside a request (start-up, timers). */
export function currentRequestId(): string | null {
  return requestScope.getStore()?.requestId ?? null;
}

/** The logger for the current request (its lines carry `request_id`), else the root logger. */
export function requestLog(): Logger {
  return requestScope.getStore()?.log ?? logger();
}
