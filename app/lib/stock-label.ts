// What a shopper is told of a product's or variant's stock (shared by the pages and the
// page cache's key, app/domain/stock/holds.server.ts).

export type StockLabel = { kind: "sold_out" } | { kind: "low"; left: number } | null;

/**
 * "Sold out" when nothing is left (or the seller switched the product off), "Only N left"
 * at the shop's threshold or fewer, else nothing. `available` null: not tracked.
 */
export function stockLabel(available: number | null, threshold: number, onSale = true): StockLabel {
  if (!onSale || available === 0) return { kind: "sold_out" };
  if (available !== null && available <= threshold) return { kind: "low", left: available };
  return null;
}

/** A label as a short text: equal texts, same page. */
export function stockLabelKey(label: StockLabel): string {
  if (!label) return "";
  return label.kind === "low" ? `low:${label.left}` : label.kind;
}

/** A product's available units: the sum of its variants', or null when one is not tracked. */
export function productAvailable(variants: { available: number | null }[]): number | null {
  let total = 0;
  for (const v of variants) {
    if (v.available === null) return null;
    total += v.available;
  }
  return total;
}
