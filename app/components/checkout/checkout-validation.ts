import { formatPaths, parse, type Submission } from "@conform-to/dom";
import { safeParse, type core } from "zod/mini";
import { simulatedCardFormSchema } from "~/schemas/card-form";
import { bagCheckoutSchema, checkoutSchema, type CataloguePricing } from "~/schemas/checkout-form";

/**
 * The checkout forms' client validation, loaded on the first focus of a form
 * (`useDeferredValidatedForm`): zod and the schemas stay out of the checkout's first load.
 * The schemas are zod/mini's, bundled with a zod of their own (decision 014).
 */
export function shippingValidator(minimumCents: number, catalogue?: CataloguePricing, bagTotalCents?: number) {
  const schema = bagTotalCents !== undefined ? bagCheckoutSchema(minimumCents, bagTotalCents) : checkoutSchema(minimumCents, catalogue);
  return (formData: FormData) => parseForm(formData, schema);
}

export function cardValidator(formData: FormData) {
  return parseForm(formData, simulatedCardFormSchema);
}

/**
 * Conform's `parseWithZod` for these schemas, without its rebuilding of each schema (which
 * brings 3 kB of its own and zod's `pipe`, `transform`, `optional` and `lazy`): an empty
 * field is a missing one, as Conform's coercion makes it, and the checkout's schemas coerce
 * their numbers themselves. The server parses with `parseWithZod`; a unit test holds the two
 * to the same answers (`tests/unit/checkout-validation.test.ts`).
 */
export function parseForm<Output>(formData: FormData, schema: core.$ZodType<Output>): Submission<Output, string[]> {
  return parse<Output, string[]>(formData, {
    resolve(payload) {
      const result = safeParse(schema, withoutEmptyText(payload));
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path as Array<string | number>);
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}

function withoutEmptyText(value: unknown): unknown {
  if (value === "") return undefined;
  if (Array.isArray(value)) return value.map(withoutEmptyText);
  if (value && typeof value === "object" && !(value instanceof Blob)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withoutEmptyText(entry)]));
  }
  return value;
}
