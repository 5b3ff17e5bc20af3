/**
 * A number as the API and the forms take it: a JSON number, or a string holding one (a
 * form's field, a client that quotes its ids). Anything else is left as it is for the number
 * schema after it to refuse as the wrong type: `z.coerce.number()` read `true` as 1 and `[3]`
 * as 3, so `{"product": true}` ordered product 1. Use as `z.preprocess(numberFromText, ...)`.
 */
export function numberFromText(value: unknown): unknown {
  return typeof value === "string" && value.trim() !== "" ? Number(value) : value;
}
