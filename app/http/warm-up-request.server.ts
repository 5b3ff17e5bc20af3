import crypto from "node:crypto";
import { getConfig } from "~/config.server";

/**
 * A node's warm-up opens its pages once more through its own port (server/warm-up.ts). Those
 * requests carry this header with a value derived from the session secret, which every process
 * of every node shares and nobody outside knows: the request edge leaves them out of the
 * request log (a hundred lines per start), and a stranger cannot use it to hide their own.
 */
export const WARM_UP_HEADER = "x-livecart-warm-up";

let token: Buffer | undefined;
function warmUpTokenBytes(): Buffer {
  token ??= crypto.createHmac("sha256", getConfig().sessionSecret).update("livecart warm-up request").digest();
  return token;
}

/** The header's value for a warm-up request. */
export function warmUpToken(): string {
  return warmUpTokenBytes().toString("base64url");
}

/** Whether a request's header value is the nodes' warm-up token. */
export function isWarmUpRequest(headerValue: string | undefined): boolean {
  if (!headerValue) return false;
  const given = Buffer.from(headerValue, "base64url");
  const expected = warmUpTokenBytes();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
