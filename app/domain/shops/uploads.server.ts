import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { getDatabase } from "~db/client";
import { uploads } from "~db/schema";

/**
 * Uploaded images are rows (`uploads`: random name, checked content type, the re-encoded
 * bytes), so that any node serves what another stored; they are served from /uploads/{name}
 * with immutable cache headers (a new image gets a new name). Files a version before this one
 * wrote under UPLOAD_DIR are still served from there.
 */
export const UPLOAD_URL_PREFIX = "/uploads/";
const NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
export const UPLOAD_CONTENT_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

export async function storeUpload(bytes: Uint8Array, extension: "png" | "jpg" | "gif" | "webp"): Promise<string> {
  const name = `${crypto.randomBytes(16).toString("hex")}.${extension}`;
  await getDatabase()
    .insert(uploads)
    .values({ name, contentType: UPLOAD_CONTENT_TYPES[extension]!, bytes: Buffer.from(bytes) });
  return `${UPLOAD_URL_PREFIX}${name}`;
}

export async function deleteUpload(publicPath: string | null): Promise<void> {
  if (!publicPath?.startsWith(UPLOAD_URL_PREFIX)) return;
  const name = publicPath.slice(UPLOAD_URL_PREFIX.length);
  if (!NAME_PATTERN.test(name)) return;
  await getDatabase().delete(uploads).where(eq(uploads.name, name));
  await fs.rm(path.join(path.resolve(getConfig().UPLOAD_DIR), name), { force: true });
}

/** Reads an uploaded file by its public name; null for anything that is not one of ours. */
export async function readUpload(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  const [stored] = await getDatabase()
    .select({ bytes: uploads.bytes, contentType: uploads.contentType })
    .from(uploads)
    .where(eq(uploads.name, name))
    .limit(1);
  if (stored) return stored;
  try {
    const bytes = await fs.readFile(path.join(path.resolve(getConfig().UPLOAD_DIR), name));
    return { bytes, contentType: UPLOAD_CONTENT_TYPES[match[1]!]! };
  } catch {
    return null;
  }
}
