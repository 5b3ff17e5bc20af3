/**
 * The built-in card form's input as shoppers type it: the number grouped by four, the
 * expiry as MM/YY with the slash added for them. The browser formats as they type; the
 * server reads the same shapes (so "1230" typed without JavaScript is December 2030).
 */
const MAX_CARD_DIGITS = 19;

export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1230" → "12/30"; "12" → "12/" while typing forward (not while deleting). */
export function formatExpiry(raw: string, typingForward = false): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && typingForward) return `${digits}/`;
  return digits;
}

/** Month and year of "12/30", "12 / 30", "1230", "12/2030" or "122030"; null otherwise. */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(raw.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = Number(match[2]);
  return { month, year: year < 100 ? 2000 + year : year };
}

export function isExpired(expiry: { month: number; year: number }, now = new Date()): boolean {
  return expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1);
}

/** The card number's check digit (Luhn), which catches most typing mistakes. */
export function passesLuhn(number: string): boolean {
  const digits = number.replace(/\D/g, "");
  if (digits.length < 12 || digits.length > MAX_CARD_DIGITS) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Where the caret goes after reformatting: after the same number of digits as before. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
