import { useTranslation } from "react-i18next";
import { FieldErrors, FieldLabel, type FieldState } from "~/components/forms/fields";
import { Alert } from "~/components/ui/alert";
import type { ParcelOffer } from "~/domain/orders/parcels.server";
import { formatMoney } from "~/lib/money";
import { offersForCountry, PARCEL_SHIPPING, type ShippingOffer } from "~/lib/shipping";

/**
 * What the checkout knows of the shop's shipping: its countries (its own first) and, when it
 * charges shipping, its rates, and the shopper's open parcel the order may be added to.
 */
export type CheckoutShipping = {
  countries: [string, string][];
  shopCountry: string;
  offers: ShippingOffer[] | null;
  parcel?: ParcelOffer | null;
};

const selectClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500";

/** The country list (ISO codes sent, names in the shopper's language), for the browser's address autofill. */
export function CountrySelect({
  field,
  countries,
  value,
  onChange,
}: {
  field: FieldState;
  countries: [string, string][];
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <FieldLabel htmlFor={field.id} required>
        {t("checkout.fields.country")}
      </FieldLabel>
      <select
        id={field.id}
        name={field.name}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="country"
        required
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className={selectClasses}
        data-testid="checkout-country"
      >
        {countries.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The rates offered for the country chosen, cheapest first for this subtotal (a free one
 * says so), one chosen; then subtotal, shipping and total. Without JavaScript the rates are
 * the ones of the country the page was drawn with: a rate that does not serve the country
 * sent is refused, and the answer shows that country's rates. A shopper with an open parcel
 * (`parcel`) is offered "Add to my parcel" first: no shipping fee, same email and address.
 */
export function ShippingChoice({
  offers,
  country,
  countryName,
  rateField,
  rateChoice,
  onRateChange,
  parcel,
  subtotalCents,
  currency,
}: {
  offers: ShippingOffer[];
  country: string;
  countryName: string;
  rateField: FieldState;
  /** A rate's id, or "parcel". */
  rateChoice: string;
  onRateChange: (choice: string) => void;
  parcel: ParcelOffer | null;
  subtotalCents: number | null;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const here = offersForCountry(offers, country, subtotalCents ?? 0);
  const inParcel = parcel !== null && rateChoice === PARCEL_SHIPPING;
  const chosen = inParcel ? null : (here.find((offer) => String(offer.id) === rateChoice) ?? here[0] ?? null);
  const shippingCents = inParcel ? 0 : (chosen?.costCents ?? null);
  return (
    <fieldset
      className="space-y-3"
      aria-describedby={rateField.errors?.length ? rateField.errorId : undefined}
      data-testid="shipping-rates"
    >
      <legend className="text-lg font-semibold">{t("shipping.checkout.title")}</legend>
      {parcel ? <ParcelChoice parcel={parcel} name={rateField.name} checked={inParcel} onChange={onRateChange} /> : null}
      {here.length === 0 ? (
        <div data-testid="shipping-not-served">
          <Alert tone="warning">{t("shipping.checkout.not_served", { country: countryName })}</Alert>
        </div>
      ) : (
        <ul className="space-y-2">
          {here.map((offer) => (
            <li key={offer.id}>
              <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-slate-900 has-[:checked]:border-slate-900">
                <input
                  type="radio"
                  name={rateField.name}
                  value={offer.id}
                  checked={chosen?.id === offer.id}
                  onChange={() => onRateChange(String(offer.id))}
                  className="mt-1"
                />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap justify-between gap-2">
                    <span className="font-medium">{offer.name}</span>
                    <span className="font-semibold" data-testid="shipping-rate-price">
                      {offer.costCents === 0 ? t("shipping.checkout.free") : money(offer.costCents)}
                    </span>
                  </span>
                  {offer.delivery ? <span className="block text-sm text-slate-600">{offer.delivery}</span> : null}
                  {offer.pickupAddress ? (
                    <span className="block text-sm text-slate-600">
                      {t("shipping.checkout.pickup_at", { address: offer.pickupAddress })}
                    </span>
                  ) : null}
                  {offer.freeFromCents !== null && offer.costCents > 0 ? (
                    <span className="block text-sm text-slate-600">
                      {t("shipping.checkout.free_from", { amount: money(offer.freeFromCents) })}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldErrors id={rateField.errorId} errors={rateField.errors} />
      <noscript>
        <p className="text-sm opacity-80">{t("shipping.checkout.other_country")}</p>
      </noscript>
      {shippingCents !== null && subtotalCents !== null ? (
        <dl className="space-y-1 rounded-lg bg-black/5 p-3 text-sm" data-testid="shipping-amounts">
          <div className="flex justify-between gap-3">
            <dt>{t("shipping.checkout.subtotal")}</dt>
            <dd>{money(subtotalCents)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt>{t("shipping.checkout.shipping")}</dt>
            <dd data-testid="shipping-amount">{shippingCents === 0 ? t("shipping.checkout.free") : money(shippingCents)}</dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold">
            <dt>{t("shipping.checkout.total")}</dt>
            <dd data-testid="shipping-total">{money(subtotalCents + shippingCents)}</dd>
          </div>
        </dl>
      ) : null}
    </fieldset>
  );
}

/**
 * "Add to my parcel": the shopper's own parcel, not shipped yet, takes this order with no
 * second fee. It says where that parcel goes (the shopper's own details, from their order) and
 * that this order needs the same email and address; nothing about the parcel's contents.
 */
function ParcelChoice({
  parcel,
  name,
  checked,
  onChange,
}: {
  parcel: ParcelOffer;
  name: string;
  checked: boolean;
  onChange: (choice: string) => void;
}) {
  const { t } = useTranslation();
  const where = [parcel.address, `${parcel.zipCode} ${parcel.city}`].join(", ");
  return (
    <label
      className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-slate-900 has-[:checked]:border-slate-900"
      data-testid="shipping-parcel"
    >
      <input
        type="radio"
        name={name}
        value={PARCEL_SHIPPING}
        checked={checked}
        onChange={() => onChange(PARCEL_SHIPPING)}
        className="mt-1"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap justify-between gap-2">
          <span className="font-medium">{t("shipping.checkout.parcel")}</span>
          <span className="font-semibold">{t("shipping.checkout.free")}</span>
        </span>
        <span className="block text-sm text-slate-600">
          {t(parcel.thisLive ? "shipping.checkout.parcel_live" : "shipping.checkout.parcel_recent")}
        </span>
        <span className="block text-sm break-words text-slate-600">
          {t("shipping.checkout.parcel_same", { email: parcel.email, address: where })}
        </span>
      </span>
    </label>
  );
}
