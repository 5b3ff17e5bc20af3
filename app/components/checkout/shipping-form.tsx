import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FormErrors, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { centsToDecimalString, formatMoney } from "~/lib/money";
import { checkoutSchema } from "~/schemas/checkout";

export type ShippingValues = Partial<Record<string, string>>;

/** The shipping step (spec section 5): a real form, validated as you go with JavaScript. */
export function ShippingForm({
  minimumCents,
  defaultValue,
  lastResult,
  productId,
  orderId,
  currency,
}: {
  currency: string;
  minimumCents: number;
  defaultValue?: ShippingValues;
  lastResult?: SubmissionResult<string[]> | null;
  productId: number | null;
  orderId: number | null;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const schema = useMemo(() => checkoutSchema(minimumCents), [minimumCents]);
  const [form, fields] = useValidatedForm("checkout-shipping", schema, { lastResult, defaultValue });
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "shipping";
  const amount = fields.total_amount as FieldMetadata<string>;
  const { key: amountKey, ...amountProps } = getInputProps(amount, { type: "number" });

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6" aria-labelledby="shipping-title">
      <CsrfInput />
      <input type="hidden" name="intent" value="shipping" />
      {productId ? <input type="hidden" name="product_id" value={productId} /> : null}
      {orderId ? <input type="hidden" name="order" value={orderId} /> : null}
      <FormErrors errors={form.errors} />

      <fieldset className="space-y-4">
        <legend id="shipping-title" className="text-lg font-semibold">
          {t("checkout.shipping.title")}
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.full_name} label={t("checkout.fields.full_name")} inputProps={{ autoComplete: "name" }} />
          <TextField field={fields.company_name} label={t("checkout.fields.company_name")} inputProps={{ autoComplete: "organization" }} />
          <TextField field={fields.email} label={t("checkout.fields.email")} type="email" inputProps={{ autoComplete: "email" }} />
          <TextField field={fields.phone} label={t("checkout.fields.phone")} type="tel" inputProps={{ autoComplete: "tel" }} />
        </div>
        <TextField field={fields.address} label={t("checkout.fields.address")} inputProps={{ autoComplete: "street-address" }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.city} label={t("checkout.fields.city")} inputProps={{ autoComplete: "address-level2" }} />
          <TextField field={fields.state} label={t("checkout.fields.state")} inputProps={{ autoComplete: "address-level1" }} />
          <TextField field={fields.zip_code} label={t("checkout.fields.zip_code")} inputProps={{ autoComplete: "postal-code" }} />
          <TextField field={fields.country} label={t("checkout.fields.country")} inputProps={{ autoComplete: "country-name" }} />
        </div>
        <TextField field={fields.social_network_handle} label={t("checkout.fields.social_network_handle")} hint={t("checkout.hints.social_network_handle")} />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t("checkout.live.title")}</legend>
        <p className="text-sm opacity-80">{t("checkout.live.help")}</p>
        <TextField field={fields.reference} label={t("checkout.fields.reference")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.live_reference} label={t("checkout.fields.live_reference")} />
          <TextField field={fields.content} label={t("checkout.fields.content")} />
        </div>
        <div>
          <label htmlFor={amount.id} className="mb-1 block text-sm font-medium">
            {t("checkout.fields.total_amount")} <span aria-hidden="true" className="text-red-600">*</span>
          </label>
          <div className="relative">
            <input
              key={amountKey}
              {...amountProps}
              step="0.01"
              min={centsToDecimalString(minimumCents)}
              inputMode="decimal"
              aria-describedby={`${amount.descriptionId} ${amount.errorId}`}
              className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-10 pl-3 text-slate-900 aria-[invalid=true]:border-red-500"
            />
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-500">€</span>
          </div>
          <p id={amount.descriptionId} className="mt-1 text-xs opacity-70">
            {t("checkout.hints.total_amount", { minimum: formatMoney(minimumCents, currency, i18n.language) })}
          </p>
          <FieldErrors id={amount.errorId} errors={amount.errors} />
        </div>
      </fieldset>

      <Button
        type="submit"
        size="lg"
        pending={pending}
        pendingLabel={t("checkout.shipping.submitting")}
        className="w-full hover:brightness-95"
        style={{ backgroundColor: "var(--checkout-accent)", color: "var(--checkout-on-accent)" }}
      >
        {t("checkout.shipping.submit")}
      </Button>
    </Form>
  );
}
