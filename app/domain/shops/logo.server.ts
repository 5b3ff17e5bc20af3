/**
 * Shop logo uploads are identified by their bytes only: the file name and the browser's
 * declared type are attacker-controlled. SVG is refused because it can carry script.
 */

import { MAX_IMAGE_BYTES, type ImageProblem } from "~/lib/image-upload";

export const MAX_LOGO_BYTES = MAX_IMAGE_BYTES;

export type LogoExtension = "png" | "jpg" | "gif" | "webp";
type ImageCheck = { ok: true; extension: LogoExtension; mimeType: string } | { ok: false; problem: ImageProblem };
export type LogoError = `shop.logo.${ImageProblem}`;
export type LogoCheck = { ok: true; extension: LogoExtension; mimeType: string } | { ok: false; error: LogoError };
export type ProductImageCheck =
  { ok: true; extension: LogoExtension; mimeType: string } | { ok: false; error: `catalogue.image.${ImageProblem}` };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = ascii("GIF87a");
const GIF89A = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");

/** How many leading bytes are inspected for an SVG root element. */
const SVG_SNIFF_BYTES = 4096;

function leadingText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, SVG_SNIFF_BYTES);
  if (startsWith(head, [0xff, 0xfe])) return new TextDecoder("utf-16le").decode(head.subarray(2));
  if (startsWith(head, [0xfe, 0xff])) return new TextDecoder("utf-16be").decode(head.subarray(2));
  // The UTF-8 decoder drops a UTF-8 BOM itself.
  return new TextDecoder("utf-8").decode(head);
}

/**
 * True when the text is an SVG document: optional BOM, whitespace, XML declaration,
 * processing instructions, comments and DOCTYPE, then an `<svg` root element. An XML
 * document mentioning `<svg` anywhere in its head counts too (namespaced or odd prologs).
 */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const text = leadingText(bytes).replace(/^\ufeff/, "");
  let rest = text.trimStart();
  for (;;) {
    const prolog = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!doctype(?:[^>[]|\[[\s\S]*?\])*>)/i.exec(rest);
    if (!prolog) break;
    rest = rest.slice(prolog[0].length).trimStart();
  }
  if (/^<svg[\s>/:]/i.test(rest) || /^<svg$/i.test(rest)) return true;
  return /^<\?xml/i.test(text.trimStart()) && /<svg[\s>/:]/i.test(text);
}

/** What an uploaded image really is (same rules and 2 MB limit for logos and product images). */
function checkUploadedImage(bytes: Uint8Array): ImageCheck {
  if (bytes.length > MAX_LOGO_BYTES) return { ok: false, problem: "too_large" };
  if (startsWith(bytes, PNG)) return { ok: true, extension: "png", mimeType: "image/png" };
  if (startsWith(bytes, JPEG)) return { ok: true, extension: "jpg", mimeType: "image/jpeg" };
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) {
    return { ok: true, extension: "gif", mimeType: "image/gif" };
  }
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) {
    return { ok: true, extension: "webp", mimeType: "image/webp" };
  }
  if (bytes.length > 0 && looksLikeSvg(bytes)) return { ok: false, problem: "svg_refused" };
  return { ok: false, problem: "not_image" };
}

/**
 * Checks an uploaded logo. `declaredType` (the browser's Content-Type) is deliberately
 * ignored: it is accepted only so callers can pass it along without a special case.
 */
export function checkLogo(bytes: Uint8Array, declaredType?: string): LogoCheck {
  void declaredType;
  const checked = checkUploadedImage(bytes);
  return checked.ok ? checked : { ok: false, error: `shop.logo.${checked.problem}` };
}

/** Checks a product image: the logo's rules, with messages that speak of the image. */
export function checkProductImage(bytes: Uint8Array): ProductImageCheck {
  const checked = checkUploadedImage(bytes);
  return checked.ok ? checked : { ok: false, error: `catalogue.image.${checked.problem}` };
}
