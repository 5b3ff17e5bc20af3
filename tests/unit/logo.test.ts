import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkLogo, MAX_LOGO_BYTES } from "~/domain/shops/logo.server";
import { pickedImageProblem } from "~/lib/image-upload";

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...text(part)] : [...part])));

function crc32(data: Uint8Array): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const u32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = bytes(type, data);
  return bytes(u32(data.length), typed, u32(crc32(typed)));
}

/** A valid 1x1 red RGB PNG, built from scratch. */
function tinyPng(): Uint8Array {
  const ihdr = bytes(u32(1), u32(1), [8, 2, 0, 0, 0]); // 8-bit RGB, no interlace
  const pixels = Uint8Array.from([0, 0xff, 0, 0]); // filter byte + one red pixel
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", new Uint8Array(deflateSync(pixels))),
    pngChunk("IEND", new Uint8Array()),
  );
}

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF", [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const GIF89 = bytes("GIF89a", [1, 0, 1, 0, 0x80, 0, 0, 0xff, 0, 0, 0, 0, 0, 0x2c], new Uint8Array(10), [0x3b]);
const GIF87 = bytes("GIF87a", [1, 0, 1, 0, 0, 0, 0, 0x3b]);
const WEBP = bytes(
  "RIFF",
  [0x1a, 0, 0, 0],
  "WEBPVP8L",
  [0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0],
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';

describe("checkLogo", () => {
  it("accepts a real PNG", () => {
    const png = tinyPng();
    expect(png.length).toBeLessThan(100);
    expect(checkLogo(png)).toEqual({ ok: true, extension: "png", mimeType: "image/png" });
  });

  it.each([
    ["JPEG", JPEG, "jpg", "image/jpeg"],
    ["GIF89a", GIF89, "gif", "image/gif"],
    ["GIF87a", GIF87, "gif", "image/gif"],
    ["WebP", WEBP, "webp", "image/webp"],
  ])("accepts %s by its magic bytes", (_name, data, extension, mimeType) => {
    expect(checkLogo(data)).toEqual({ ok: true, extension, mimeType });
  });

  it("decides by content, never by the declared type", () => {
    expect(checkLogo(tinyPng(), "image/svg+xml")).toMatchObject({ ok: true, extension: "png" });
    expect(checkLogo(JPEG, "image/png")).toMatchObject({ ok: true, extension: "jpg", mimeType: "image/jpeg" });
    expect(checkLogo(text(SVG), "image/png")).toEqual({ ok: false, error: "shop.logo.svg_refused" });
    // A text file renamed logo.png: its content is text.
    expect(checkLogo(text("just some notes, not a picture\n"), "image/png")).toEqual({
      ok: false,
      error: "shop.logo.not_image",
    });
  });

  it.each([
    ["a bare <svg>", SVG],
    ["upper case", "<SVG viewBox='0 0 1 1'></SVG>"],
    ["leading whitespace", "\n\t  <svg/>"],
    ["an XML declaration", `<?xml version="1.0" encoding="UTF-8"?>\n${SVG}`],
    ["a UTF-8 BOM", `\ufeff${SVG}`],
    ["a BOM and an XML declaration", `\ufeff<?xml version="1.0"?>${SVG}`],
    [
      "comments and a DOCTYPE",
      `<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${SVG}`,
    ],
    ["a DOCTYPE internal subset", `<!DOCTYPE svg [ <!ENTITY x "<b>"> ]><svg></svg>`],
    ["a namespaced root after an XML declaration", `<?xml version="1.0"?><svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>`],
  ])("refuses SVG with %s", (_name, content) => {
    expect(checkLogo(text(content))).toEqual({ ok: false, error: "shop.logo.svg_refused" });
  });

  it("refuses UTF-16 SVG with a BOM", () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...SVG].flatMap((ch) => [ch.charCodeAt(0), 0])]);
    expect(checkLogo(utf16)).toEqual({ ok: false, error: "shop.logo.svg_refused" });
  });

  it.each([
    ["empty input", new Uint8Array()],
    ["plain text", text("hello")],
    ["HTML", text("<html><body><img src=x onerror=alert(1)></body></html>")],
    ["a truncated PNG signature", Uint8Array.from([0x89, 0x50, 0x4e, 0x47])],
    ["a PNG signature off by one byte", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b, 0, 0])],
    ["two JPEG bytes", Uint8Array.from([0xff, 0xd8])],
    ["GIF88a", text("GIF88a......")],
    ["a RIFF WAVE file", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ")],
    ["WEBP without RIFF", bytes("RIFX", [0, 0, 0, 0], "WEBPVP8 ")],
    ["a PDF", text("%PDF-1.7\n")],
    ["gzip (svgz)", Uint8Array.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0])],
    ["random binary", Uint8Array.from({ length: 256 }, (_, i) => (i * 37) % 256)],
  ])("refuses %s as not an image", (_name, data) => {
    expect(checkLogo(data)).toEqual({ ok: false, error: "shop.logo.not_image" });
  });

  it("checks the size first", () => {
    expect(MAX_LOGO_BYTES).toBe(2 * 1024 * 1024);
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(tinyPng());
    expect(checkLogo(big, "image/png")).toEqual({ ok: false, error: "shop.logo.too_large" });
    const bigSvg = new Uint8Array(MAX_LOGO_BYTES + 1);
    bigSvg.set(text(SVG));
    expect(checkLogo(bigSvg)).toEqual({ ok: false, error: "shop.logo.too_large" });
  });

  it("accepts exactly MAX_LOGO_BYTES", () => {
    const atLimit = new Uint8Array(MAX_LOGO_BYTES);
    atLimit.set(tinyPng());
    expect(checkLogo(atLimit)).toMatchObject({ ok: true, extension: "png" });
  });
});

describe("pickedImageProblem (the browser's first look)", () => {
  it("refuses big files, SVG and non-images by size and declared type", () => {
    expect(pickedImageProblem({ size: 1000, type: "image/png" })).toBeNull();
    expect(pickedImageProblem({ size: MAX_LOGO_BYTES + 1, type: "image/png" })).toBe("too_large");
    expect(pickedImageProblem({ size: 1000, type: "image/svg+xml" })).toBe("svg_refused");
    expect(pickedImageProblem({ size: 1000, type: "text/plain" })).toBe("not_image");
  });
});
