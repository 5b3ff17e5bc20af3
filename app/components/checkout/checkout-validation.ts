import { parseWithZod } from "@conform-to/zod/v4";
import { bagCheckoutSchema, checkoutSchema, type CataloguePricing } from "~/schemas/checkout-form";
import { simulatedCardFormSchema } from "~/schemas/card-form";

/**
 * The checkout forms' client validation, loaded on the first focus of a form
 * (`useDeferredValidatedForm`): zod and the schemas stay out of the checkout's first load.
 */
export function shippingValidator(minimumCents: number, catalogue?: CataloguePricing, bagTotalCents?: number) {
  if (bagTotalCents !== undefined) {
    const bagSchema = bagCheckoutSchema(minimumCents, bagTotalCents);
    return (formData: FormData) => parseWithZod(formData, { schema: bagSchema });
  }
  const schema = checkoutSchema(minimumCents, catalogue);
  return (formData: FormData) => parseWithZod(formData, { schema });
}

export function cardValidator(formData: FormData) {
  return parseWithZod(formData, { schema: simulatedCardFormSchema });
}
