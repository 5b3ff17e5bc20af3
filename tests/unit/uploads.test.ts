import fs from "node:fs";
import crypto from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getConfig } from "~/config.server";
import { deleteUpload, readUpload, storeUpload } from "~/domain/shops/uploads.server";

describe("uploads are stored in the database", () => {
  it("stores bytes under a random name and serves them back with their content type", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const publicPath = await storeUpload(bytes, "png");
    expect(publicPath).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const name = publicPath.slice("/uploads/".length);
    const read = await readUpload(name);
    expect(read?.contentType).toBe("image/png");
    expect(Buffer.isBuffer(read?.bytes)).toBe(true);
    expect([...read!.bytes]).toEqual([...bytes]);
    expect(await storeUpload(bytes, "png")).not.toBe(publicPath);
  });

  it("forgets a deleted upload, and never reads a name that is not one of ours", async () => {
    const publicPath = await storeUpload(new Uint8Array([1, 2, 3]), "webp");
    await deleteUpload(publicPath);
    expect(await readUpload(publicPath.slice("/uploads/".length))).toBeNull();
    expect(await readUpload("../../etc/passwd")).toBeNull();
    expect(await readUpload(`${"a".repeat(32)}.svg`)).toBeNull();
  });

  it("still serves a file an earlier version wrote under UPLOAD_DIR", async () => {
    const dir = path.resolve(getConfig().UPLOAD_DIR);
    fs.mkdirSync(dir, { recursive: true });
    const name = `${crypto.randomBytes(16).toString("hex")}.jpg`;
    fs.writeFileSync(path.join(dir, name), Buffer.from([0xff, 0xd8, 0xff]));
    try {
      expect(await readUpload(name)).toEqual({ bytes: Buffer.from([0xff, 0xd8, 0xff]), contentType: "image/jpeg" });
      await deleteUpload(`/uploads/${name}`);
      expect(fs.existsSync(path.join(dir, name))).toBe(false);
    } finally {
      fs.rmSync(path.join(dir, name), { force: true });
    }
  });
});
