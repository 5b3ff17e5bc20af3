/** Logos and product images: the same formats and the same 2 MB limit (spec section 9). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageProblem = "too_large" | "not_image" | "svg_refused";

/**
 * The browser's first look at a picked file (size and declared type) so the user hears at
 * once; the server decides from the bytes (`checkLogo`, `checkProductImage`).
 */
export function pickedImageProblem(file: { size: number; type: string }): ImageProblem | null {
  if (file.size > MAX_IMAGE_BYTES) return "too_large";
  if (file.type === "image/svg+xml") return "svg_refused";
  if (!file.type.startsWith("image/")) return "not_image";
  return null;
}
