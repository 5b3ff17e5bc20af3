import { and, desc, eq, isNull } from "drizzle-orm";
import { NotFoundError, ValidationError } from "~/domain/errors.server";
import { getDatabase, lockRows, writeTransaction } from "~db/client";
import { apiKeys, users, type User } from "~db/schema";
import { hashToken, randomToken } from "./tokens.server";

const KEY_PREFIX = "lck_";
const MAX_KEYS = 20;
// Record "last used" at most this often, so API calls do not all write.
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Creates a key; the full key is returned this once and only its hash is stored. */
export async function createApiKey(userId: number, name: string): Promise<{ key: string; id: number }> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 60) throw new ValidationError("errors.validation", { name: ["api_keys.name_invalid"] });
  const key = `${KEY_PREFIX}${randomToken()}`;
  return writeTransaction(async (tx) => {
    // One user's creations queue, so two at once cannot make a 21st key.
    await lockRows(tx, users, eq(users.id, userId), "no key update");
    const active = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if (active.length >= MAX_KEYS) throw new ValidationError("api_keys.too_many");
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name: trimmed, prefix: key.slice(0, KEY_PREFIX.length + 6), keyHash: hashToken(key) })
      .returning({ id: apiKeys.id });
    return { key, id: row!.id };
  });
}

export async function listApiKeys(userId: number) {
  const keys = await getDatabase()
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.id));
  return keys.map((k) => ({
    ...k,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  }));
}

export async function revokeApiKey(userId: number, keyId: number): Promise<void> {
  const revoked = await getDatabase()
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new NotFoundError("api_keys.not_found");
}

/** The user an `Authorization: Bearer` key belongs to, or null (unknown or revoked). */
export async function authenticateApiKey(key: string, now = Date.now()): Promise<{ user: User; keyId: number } | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const [row] = await getDatabase()
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.key.lastUsedAt || now - row.key.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await getDatabase()
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, row.key.id));
  }
  return { user: row.user, keyId: row.key.id };
}
