/**
 * An order line's name as screens and mails show it: the product, and the variant bought
 * beside it ("Drop Sweater (M / Blue)"); the product alone when it has no options.
 */
export function orderItemName(item: { name: string; variantName?: string | null }): string {
  return item.variantName ? `${item.name} (${item.variantName})` : item.name;
}
