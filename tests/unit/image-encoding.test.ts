import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  MAX_LOGO_SIDE,
  MAX_PRODUCT_IMAGE_SIDE,
  prepareLogo,
  prepareProductImage,
  reencodeImage,
} from "~/domain/shops/image-encoding.server";

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A valid all-black greyscale PNG: tens of megapixels of zeros deflate to a few kilobytes. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG carrying EXIF with a camera model and a GPS position (GPS is EXIF's IFD3). */
async function jpegWithGps(): Promise<Buffer> {
  return solid(64, 48)
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam", Model: "Model X" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 7/1" },
    })
    .toBuffer();
}

describe("uploaded images are re-encoded", () => {
  it("strips EXIF and GPS metadata from a JPEG", async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(input.includes(Buffer.from("SpyCam"))).toBe(true);

    const prepared = await prepareProductImage(input);
    expect(prepared).toMatchObject({ ok: true, extension: "jpg" });
    if (!prepared.ok) throw new Error("refused");
    const after = await sharp(prepared.bytes).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(prepared.bytes.includes(Buffer.from("SpyCam"))).toBe(false);
    expect(prepared.bytes.includes(Buffer.from("GPS"))).toBe(false);
    expect([after.width, after.height]).toEqual([64, 48]);
  });

  it("scales an oversized image down to the longest side allowed, keeping its proportions", async () => {
    const big = await solid(4000, 1000).png().toBuffer();
    const product = await prepareProductImage(big);
    if (!product.ok) throw new Error("refused");
    expect(await sharp(product.bytes).metadata()).toMatchObject({ format: "png", width: MAX_PRODUCT_IMAGE_SIDE, height: 500 });

    const logo = await prepareLogo(big);
    if (!logo.ok) throw new Error("refused");
    expect(await sharp(logo.bytes).metadata()).toMatchObject({ format: "png", width: MAX_LOGO_SIDE, height: 200 });

    // Small images are not enlarged.
    const small = await reencodeImage(await solid(10, 20).png().toBuffer(), "png", MAX_LOGO_SIDE);
    expect(await sharp(small!).metadata()).toMatchObject({ width: 10, height: 20 });
  });

  it("stores the re-encoded bytes of a polyglot, not what rode along", async () => {
    const png = await solid(8, 8).png().toBuffer();
    const payload = Buffer.from("<html><script>alert(document.cookie)</script></html>");
    const zipLike = Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.from("META-INF/MANIFEST.MF")]);
    for (const polyglot of [Buffer.concat([png, payload]), Buffer.concat([png, zipLike])]) {
      const prepared = await prepareLogo(polyglot);
      if (!prepared.ok) throw new Error("refused");
      expect(prepared.extension).toBe("png");
      expect(prepared.bytes.equals(polyglot)).toBe(false);
      expect(prepared.bytes.includes(Buffer.from("<script"))).toBe(false);
      expect(prepared.bytes.includes(Buffer.from("PK\u0003\u0004"))).toBe(false);
      expect(await sharp(prepared.bytes).metadata()).toMatchObject({ format: "png", width: 8, height: 8 });
    }
    // A GIFAR: a GIF with an archive appended.
    const gif = await solid(4, 4).gif().toBuffer();
    const gifar = await prepareLogo(Buffer.concat([gif, zipLike]));
    if (!gifar.ok) throw new Error("refused");
    expect(gifar.extension).toBe("gif");
    expect(gifar.bytes.includes(Buffer.from("PK\u0003\u0004"))).toBe(false);
  });

  it("keeps WebP and GIF as they are (transparency and animation survive)", async () => {
    const webp = await sharp({ create: { width: 3, height: 3, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .webp()
      .toBuffer();
    const prepared = await prepareProductImage(webp);
    if (!prepared.ok) throw new Error("refused");
    expect(prepared.extension).toBe("webp");
    expect(await sharp(prepared.bytes).metadata()).toMatchObject({ format: "webp", hasAlpha: true });
  });

  it("refuses bytes that only look like an image, with the existing texts", async () => {
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not really")]);
    const fakeJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    expect(await prepareLogo(fakePng)).toEqual({ ok: false, error: "shop.logo.not_image" });
    expect(await prepareProductImage(fakeJpeg)).toEqual({ ok: false, error: "catalogue.image.not_image" });
    expect(await prepareLogo(Buffer.from("just some notes"))).toEqual({ ok: false, error: "shop.logo.not_image" });
    expect(await prepareLogo(Buffer.from("<svg onload=alert(1)></svg>"))).toEqual({ ok: false, error: "shop.logo.svg_refused" });
  });

  it("refuses a decompression bomb before decoding it", async () => {
    // 7000 x 7000 = 49 megapixels in well under 2 MB; a picture just under the limit still passes.
    const bomb = pngDeclaring(7000, 7000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await prepareProductImage(bomb)).toEqual({ ok: false, error: "catalogue.image.not_image" });
    expect(await prepareProductImage(pngDeclaring(6000, 6000))).toMatchObject({ ok: true, extension: "png" });
  });
});
