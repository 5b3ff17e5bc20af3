import crypto from "node:crypto";

/** 256 random bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Tokens are stored as their SHA-256 so a database leak does not leak live tokens. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
