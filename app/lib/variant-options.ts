// A product's options and the combinations they make (its variants): shared by the catalogue
// domain and the product editor, which builds the grid of variants in the browser too.
import type { ProductOption } from "./stock-kinds";

/** The key that makes a combination unique in its product: "colour=blue|size=m". */
export function optionKey(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name.trim().toLowerCase()}=${value.trim().toLowerCase()}`)
    .sort()
    .join("|");
}

/** "S, M ,, l" -> ["S", "M", "l"]: trimmed, empty ones dropped, the same value once (any case). */
export function splitOptionValues(text: string): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const part of text.split(",")) {
    const value = part.trim();
    if (!value || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    values.push(value);
  }
  return values;
}

/** Every combination of the options' values, the first option varying slowest (S/Red, S/Blue, M/Red...). */
export function optionCombinations(options: ProductOption[]): Record<string, string>[] {
  if (options.length === 0) return [];
  let combinations: Record<string, string>[] = [{}];
  for (const option of options) {
    combinations = combinations.flatMap((combination) => option.values.map((value) => ({ ...combination, [option.name]: value })));
  }
  return combinations;
}

/** Bounds of what a seller types: a stock beyond a million units is a typo, and would overflow sums. */
export const VARIANT_LIMITS = { stock: 1_000_000, optionName: 40, optionValue: 40, sku: 64 } as const;
