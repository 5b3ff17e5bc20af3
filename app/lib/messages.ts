import type { TFunction } from "i18next";

/**
 * Validation and error messages travel as translation keys, optionally with values:
 * "validation.min_length?minimum=8". Both the server and the browser translate them.
 */
export function messageKey(key: string, values?: Record<string, string | number>): string {
  if (!values || Object.keys(values).length === 0) return key;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) params.set(name, String(value));
  return `${key}?${params.toString()}`;
}

export function translateMessage(t: TFunction, message: string, extra: Record<string, string | number> = {}): string {
  const question = message.indexOf("?");
  const key = question === -1 ? message : message.slice(0, question);
  const values: Record<string, string | number> = { ...extra };
  if (question !== -1) for (const [name, value] of new URLSearchParams(message.slice(question + 1))) values[name] = value;
  // A text that is not one of our keys (e.g. the card provider's own message) shows as is.
  return t(key, values) as string;
}
