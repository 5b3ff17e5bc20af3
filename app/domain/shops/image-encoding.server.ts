/**
 * Uploaded images are decoded and encoded again by sharp (libvips) before they are stored:
 * the stored bytes are pixels we wrote ourselves, never the upload. That strips EXIF/GPS
 * and every other metadata (sharp keeps none unless asked), drops whatever rides after or
 * inside the image (HTML/JS polyglots, GIFARs) and caps the pixel dimensions.
 *
 * The output keeps the input's format (PNG, JPEG, GIF, WebP): transparency and animation
 * survive, and the stored extension and `Content-Type` stay what the magic-byte check said.
 */
import { checkLogo, checkProductImage, type LogoCheck, type LogoExtension, type ProductImageCheck } from "./logo.server";

/** Longest side of a stored image, in pixels: larger images are scaled down to it. */
export const MAX_PRODUCT_IMAGE_SIDE = 2000;
export const MAX_LOGO_SIDE = 800;
/**
 * Refused before decoding (decompression bombs: a 2 MB PNG can declare 100k x 100k pixels).
 * 40 megapixels is above any phone photo that fits in the 2 MB upload limit.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Re-encodes `bytes` (already identified as `extension` by its magic bytes); null when it does not decode. */
export async function reencodeImage(bytes: Uint8Array, extension: LogoExtension, maxSide: number): Promise<Buffer | null> {
  const animated = extension === "gif" || extension === "webp";
  // Loaded on the first upload: libvips and its bindings weigh about 30 MB in a process that
  // may never receive one (issue 31's idle node).
  const { default: sharp } = await import("sharp");
  try {
    // `failOn: "error"`: phone photos often carry recoverable warnings; only undecodable input is refused.
    const image = sharp(bytes, { animated, failOn: "error", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
    switch (extension) {
      case "png":
        return await image.png().toBuffer();
      case "jpg":
        return await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
      case "gif":
        return await image.gif().toBuffer();
      case "webp":
        return await image.webp({ quality: 85 }).toBuffer();
    }
  } catch {
    // libvips refuses truncated, corrupt or over-large input with an error: for the user it is not an image.
    return null;
  }
}

type Prepared<Check> = (Check & { ok: false }) | { ok: true; bytes: Buffer; extension: LogoExtension };

/** A logo ready to store: checked by content (`checkLogo`), then re-encoded; undecodable bytes are "not an image". */
export async function prepareLogo(bytes: Uint8Array): Promise<Prepared<LogoCheck>> {
  const checked = checkLogo(bytes);
  if (!checked.ok) return checked;
  const encoded = await reencodeImage(bytes, checked.extension, MAX_LOGO_SIDE);
  return encoded ? { ok: true, bytes: encoded, extension: checked.extension } : { ok: false, error: "shop.logo.not_image" };
}

/** A product image ready to store, with the product image's own messages. */
export async function prepareProductImage(bytes: Uint8Array): Promise<Prepared<ProductImageCheck>> {
  const checked = checkProductImage(bytes);
  if (!checked.ok) return checked;
  const encoded = await reencodeImage(bytes, checked.extension, MAX_PRODUCT_IMAGE_SIDE);
  return encoded ? { ok: true, bytes: encoded, extension: checked.extension } : { ok: false, error: "catalogue.image.not_image" };
}
