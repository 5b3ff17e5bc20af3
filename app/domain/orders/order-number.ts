/** "0007": order numbers are shown zero-padded to 4 digits (spec section 2). */
export function formatOrderNumber(number: number): string {
  return String(number).padStart(4, "0");
}
