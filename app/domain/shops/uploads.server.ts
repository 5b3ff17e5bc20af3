import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getConfig } from "~/config.server";

/** Uploaded files live under UPLOAD_DIR with random names and are served from /uploads/. */
export const UPLOAD_URL_PREFIX = "/uploads/";
const NAME_PATTERN = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
export const UPLOAD_CONTENT_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

export async function storeUpload(bytes: Uint8Array, extension: "png" | "jpg" | "gif" | "webp"): Promise<string> {
  const dir = path.resolve(getConfig().UPLOAD_DIR);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(16).toString("hex")}.${extension}`;
  await fs.writeFile(path.join(dir, name), bytes, { flag: "wx" });
  return `${UPLOAD_URL_PREFIX}${name}`;
}

export async function deleteUpload(publicPath: string | null): Promise<void> {
  if (!publicPath?.startsWith(UPLOAD_URL_PREFIX)) return;
  const name = publicPath.slice(UPLOAD_URL_PREFIX.length);
  if (!NAME_PATTERN.test(name)) return;
  await fs.rm(path.join(path.resolve(getConfig().UPLOAD_DIR), name), { force: true });
}

/** Reads an uploaded file by its public name; null for anything that is not one of ours. */
export async function readUpload(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const match = NAME_PATTERN.exec(name);
  if (!match) return null;
  try {
    const bytes = await fs.readFile(path.join(path.resolve(getConfig().UPLOAD_DIR), name));
    return { bytes, contentType: UPLOAD_CONTENT_TYPES[match[1]!]! };
  } catch {
    return null;
  }
}
