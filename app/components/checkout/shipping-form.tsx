import type { SubmissionResult } from "@conform-to/react";
import { useIntentPending } from "~/components/forms/use-intent-pending";
import { useDeferredValidatedForm } from "~/components/forms/use-deferred-validated-form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FieldLabel, fieldInputProps, FormErrors, TextField, type FieldState } from "~/components/forms/fields";
import { centsToDecimalString, formatMoney } from "~/lib/money";
import { itemsTotalCents, MAX_ITEM_QUANTITY } from "~/lib/order-total";
import type { CheckoutDetails, CheckoutInput } from "~/schemas/checkout";
import { PARCEL_SHIPPING } from "~/lib/shipping";
import type { FormConstraint } from "~/schemas/form-constraint";
import { CheckoutSubmit } from "./checkout-submit";
import { CountrySelect, ShippingChoice, type CheckoutShipping } from "./shipping-choice";
import { parseAmountToCents } from "~/lib/money";

export type ShippingValues = Partial<Record<string, string>>;
const PREVIEW_COUNTRIES: [string, string][] = [["FR", "France"]];
/** A catalogue purchase's product (the total is its price times the quantity); null for a live purchase. */
export type ShippingCatalogueItem = { unitPriceCents: number; minimumQuantity: number } | null;

/** The shipping step (spec section 5): a real form, validated as you go with JavaScript. */
export function ShippingForm({
  minimumCents,
  defaultValue,
  lastResult,
  productId,
  orderId,
  currency,
  catalogueItem = null,
  constraint,
  liveReference,
  variantId = null,
  offerToken = null,
  bagTotalCents = null,
  shipping: shippingProp,
}: {
  /** The bag's checkout (or an order of several lines): the lines' total, sent as is. */
  bagTotalCents?: number | null;
  /** The country list and, when the shop charges shipping, its rates (the customization's preview: every country, no rate). */
  shipping?: CheckoutShipping;
  /** On a live's link: the live the order is for (sent as is, not asked). */
  liveReference?: string;
  /** The variant picked (a product with options). */
  variantId?: number | null;
  /** A waitlist offer's token: the unit held for it becomes the order's. */
  offerToken?: string | null;
  currency: string;
  /** The form's native constraints, computed with its schema where zod is loaded (`formConstraint`). */
  constraint: FormConstraint;
  catalogueItem?: ShippingCatalogueItem;
  minimumCents: number;
  defaultValue?: ShippingValues;
  lastResult?: SubmissionResult<string[]> | null;
  productId: number | null;
  orderId: number | null;
}) {
  const { t, i18n } = useTranslation();
  // The customization's preview is inert: one country is enough (and renders the same in Node and the browser).
  const shipping = shippingProp ?? { countries: PREVIEW_COUNTRIES, shopCountry: "FR", offers: null };
  const unitPriceCents = catalogueItem?.unitPriceCents;
  const [form, fields] = useDeferredValidatedForm<CheckoutInput, CheckoutDetails>(
    "checkout-shipping",
    () =>
      import("./checkout-validation").then(({ shippingValidator }) =>
        shippingValidator(minimumCents, unitPriceCents === undefined ? undefined : { unitPriceCents }, bagTotalCents ?? undefined),
      ),
    { constraint, lastResult, defaultValue },
  );
  const pending = useIntentPending("shipping", { throughReload: true });
  const amount = fields.total_amount;
  const { key: amountKey, ...amountProps } = fieldInputProps(amount, { type: "number" });
  // The country (a code: the server reads an older order's typed name as one) and the rate chosen,
  // kept here so that the rates follow the country, and the amounts the quantity or amount.
  const countryField = fields.country;
  const rateField = fields.shipping_rate;
  const [country, setCountry] = useState(() => {
    const initial = String(countryField.initialValue ?? "").toUpperCase();
    return shipping.countries.some(([code]) => code === initial) ? initial : shipping.shopCountry;
  });
  // A rate's id, or "parcel" (added to the shopper's open parcel, offered first when there is one).
  const [rateChoice, setRateChoice] = useState<string>(() => {
    const initial = String(rateField.initialValue ?? "");
    return initial === "" && shipping.parcel ? PARCEL_SHIPPING : initial;
  });
  const [typedAmount, setTypedAmount] = useState(() => parseAmountToCents(String(amount.initialValue ?? "")));
  const [count, setCount] = useState(() => {
    const initial = Number(fields.quantity.initialValue ?? catalogueItem?.minimumQuantity);
    return Number.isInteger(initial) && initial > 0 ? initial : (catalogueItem?.minimumQuantity ?? 1);
  });
  // What the lines cost before shipping: the bag's, the product's times the count, or the typed amount.
  const subtotalCents =
    bagTotalCents !== null
      ? bagTotalCents
      : catalogueItem
        ? Number.isInteger(count) && count >= 1 && count <= MAX_ITEM_QUANTITY
          ? itemsTotalCents([{ unitPriceCents: catalogueItem.unitPriceCents, quantity: count }])
          : null
        : typedAmount;

  return (
    <Form method="post" {...form.props} className="space-y-6" aria-labelledby="shipping-title">
      <CsrfInput />
      <input type="hidden" name="intent" value="shipping" />
      {productId ? <input type="hidden" name="product_id" value={productId} /> : null}
      {variantId ? <input type="hidden" name="variant" value={variantId} /> : null}
      {offerToken ? <input type="hidden" name="offer" value={offerToken} /> : null}
      {orderId ? <input type="hidden" name="order" value={orderId} /> : null}
      {liveReference ? <input type="hidden" name="live_reference" value={liveReference} /> : null}
      {bagTotalCents !== null ? (
        <>
          {orderId ? null : <input type="hidden" name="bag" value="1" />}
          <input type="hidden" name="total_amount" value={centsToDecimalString(bagTotalCents)} />
        </>
      ) : null}
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
          <CountrySelect field={countryField} countries={shipping.countries} value={country} onChange={setCountry} />
        </div>
        <TextField
          field={fields.social_network_handle}
          label={t("checkout.fields.social_network_handle")}
          hint={t("checkout.hints.social_network_handle")}
        />
      </fieldset>

      {bagTotalCents !== null ? (
        <p className="flex justify-between gap-3 text-lg" data-testid="bag-checkout-total">
          {/* Shipping, when the shop charges it, is added below. */}
          <span className="font-semibold">{shipping.offers ? t("shipping.checkout.subtotal") : t("purchase.total")}</span>
          <span className="font-bold">{formatMoney(bagTotalCents, currency, i18n.language)}</span>
        </p>
      ) : catalogueItem ? (
        <CatalogueFields
          item={catalogueItem}
          quantity={fields.quantity}
          total={amount}
          currency={currency}
          minimumCents={minimumCents}
          count={count}
          onCountChange={setCount}
          chargesShipping={shipping.offers !== null}
        />
      ) : (
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">{t("checkout.live.title")}</legend>
          <p className="text-sm opacity-80">{t(liveReference ? "lives.page.form_help" : "checkout.live.help")}</p>
          <TextField field={fields.reference} label={t("checkout.fields.reference")} />
          {liveReference ? (
            <TextField field={fields.content} label={t("checkout.fields.content")} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField field={fields.live_reference} label={t("checkout.fields.live_reference")} />
              <TextField field={fields.content} label={t("checkout.fields.content")} />
            </div>
          )}
          <div>
            <FieldLabel htmlFor={amount.id} required>
              {t("checkout.fields.total_amount")}
            </FieldLabel>
            <div className="relative">
              <input
                key={amountKey}
                {...amountProps}
                step="0.01"
                min={centsToDecimalString(minimumCents)}
                inputMode="decimal"
                onChange={(event) => setTypedAmount(parseAmountToCents(event.currentTarget.value))}
                aria-describedby={`${amount.descriptionId} ${amount.errorId}`}
                className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-10 pl-3 text-slate-900 aria-[invalid=true]:border-red-500"
              />
              <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-500">€</span>
            </div>
            <p id={amount.descriptionId} className="mt-1 text-xs opacity-70">
              {t("checkout.hints.total_amount", { minimum: formatMoney(minimumCents, currency, i18n.language) })}
              {shipping.offers ? ` ${t("shipping.checkout.amount_hint")}` : null}
            </p>
            <FieldErrors id={amount.errorId} errors={amount.errors} />
          </div>
        </fieldset>
      )}

      {shipping.offers ? (
        <ShippingChoice
          offers={shipping.offers}
          country={country}
          countryName={shipping.countries.find(([code]) => code === country)?.[1] ?? country}
          rateField={rateField}
          rateChoice={rateChoice}
          onRateChange={setRateChoice}
          parcel={shipping.parcel ?? null}
          subtotalCents={subtotalCents}
          currency={currency}
        />
      ) : null}

      <CheckoutSubmit pending={pending} pendingLabel={t("checkout.shipping.submitting")}>
        {t("checkout.shipping.submit")}
      </CheckoutSubmit>
    </Form>
  );
}

/**
 * A catalogue purchase: the shopper chooses the quantity; the total is the price times
 * the quantity, read-only. The form says which quantity the total sent was computed for
 * (`total_quantity`): the server refuses a total of another price (one changed since the
 * page was shown) and computes the order's from the quantity itself, so that without
 * JavaScript, where the total shown stays the one of the quantity the page was drawn with,
 * a changed quantity is ordered in one submit.
 */
function CatalogueFields({
  item,
  quantity,
  total,
  currency,
  minimumCents,
  count,
  onCountChange: setCount,
  chargesShipping,
}: {
  item: NonNullable<ShippingCatalogueItem>;
  quantity: FieldState;
  total: FieldState;
  currency: string;
  minimumCents: number;
  count: number;
  onCountChange: (count: number) => void;
  /** The total here is then the subtotal: shipping is added below. */
  chargesShipping: boolean;
}) {
  const { t, i18n } = useTranslation();
  const valid = Number.isInteger(count) && count >= 1 && count <= MAX_ITEM_QUANTITY;
  const totalCents = valid ? itemsTotalCents([{ unitPriceCents: item.unitPriceCents, quantity: count }]) : null;
  const { key: quantityKey, ...quantityProps } = fieldInputProps(quantity, { type: "number" });
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">{t("purchase.title")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <FieldLabel htmlFor={quantity.id} required>
            {t("purchase.quantity")}
          </FieldLabel>
          <input
            key={quantityKey}
            {...quantityProps}
            min={item.minimumQuantity}
            max={MAX_ITEM_QUANTITY}
            step={1}
            inputMode="numeric"
            onChange={(event) => setCount(Number(event.currentTarget.value))}
            aria-describedby={`${quantity.descriptionId} ${quantity.errorId}`}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500"
            data-testid="purchase-quantity"
          />
          <p id={quantity.descriptionId} className="mt-1 text-xs opacity-70">
            {t("purchase.unit_price", { price: formatMoney(item.unitPriceCents, currency, i18n.language) })}
            {item.minimumQuantity > 1
              ? ` · ${t("purchase.quantity_hint", { quantity: item.minimumQuantity, minimum: formatMoney(minimumCents, currency, i18n.language) })}`
              : null}
          </p>
          <FieldErrors id={quantity.errorId} errors={quantity.errors} />
        </div>
        <div>
          <label htmlFor={total.id} className="mb-1 block text-sm font-medium">
            {chargesShipping ? t("shipping.checkout.subtotal") : t("purchase.total")}
          </label>
          <div className="relative">
            <input
              id={total.id}
              name={total.name}
              readOnly
              value={totalCents === null ? "" : centsToDecimalString(totalCents)}
              aria-invalid={total.errors?.length ? true : undefined}
              aria-describedby={`${total.descriptionId} ${total.errorId}`}
              className="block w-full rounded-lg border border-slate-200 bg-slate-100 py-2 pr-10 pl-3 font-semibold text-slate-900 aria-[invalid=true]:border-red-500"
              data-testid="purchase-total"
            />
            <input type="hidden" name="total_quantity" value={valid ? count : ""} />
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-500">€</span>
          </div>
          <p id={total.descriptionId} className="mt-1 text-xs opacity-70">
            {t("purchase.total_hint")}
          </p>
          <FieldErrors id={total.errorId} errors={total.errors} />
        </div>
      </div>
    </fieldset>
  );
}
