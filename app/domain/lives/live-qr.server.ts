/**
 * QR codes of live links, as SVG markup the board inlines (crisp at any size on stream). The
 * text is only ever a URL the platform built (`liveUrl`), never what a user typed. Encoding
 * costs a few milliseconds and the board reloads with every order, so each link's code is
 * kept (a few hundred links at most per node).
 */
const cache = new Map<string, string>();
const CACHE_SIZE = 200;

export async function liveQrSvg(url: string): Promise<string> {
  const cached = cache.get(url);
  if (cached) return cached;
  // Loaded with the first live board: a node that never shows one does not hold it.
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(url, svg);
  return svg;
}
