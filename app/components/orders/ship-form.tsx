import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FieldLabel, FormErrors, inputClasses } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { CARRIERS, TRACKING_NUMBER_PATTERN } from "~/lib/carriers";

/** What a shipment the server refused sends back: field errors (translation keys) and what was typed. */
export type ShipFormResult = {
  ship: { fieldErrors: Record<string, string[]>; formErrors: string[]; values: { carrier: string; tracking_number: string } };
};

/**
 * The carrier and tracking number a shipment asks for (an order's, in its dialog and page; a
 * parcel's, on the parcels screen). It posts to `action` with intent "ship": with JavaScript
 * through a fetcher (errors show in place, the list reloads), without it as a plain form
 * whose refused answer is the page with the errors and the typed values.
 */
export function ShipForm({
  action,
  title,
  submitLabel,
  returnTo,
  pageResult,
  testId,
}: {
  action: string;
  title: string;
  submitLabel: string;
  /** Where a shipment that went through goes back to (default: here). */
  returnTo?: string;
  pageResult?: ShipFormResult | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ShipFormResult>();
  const location = useLocation();
  const id = useId();
  const result = (fetcher.data ?? pageResult)?.ship;
  const carrierErrors = result?.fieldErrors.carrier;
  const trackingErrors = result?.fieldErrors.tracking_number;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      <fetcher.Form method="post" action={action} className="mt-2 space-y-3" data-testid={testId ?? "ship-form"}>
        <CsrfInput />
        <input type="hidden" name="intent" value="ship" />
        <input type="hidden" name="returnTo" value={returnTo ?? location.pathname + location.search} />
        <FormErrors errors={result?.formErrors} />
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <FieldLabel htmlFor={`${id}-carrier`} required>
              {t("fulfillment.carrier")}
            </FieldLabel>
            <select
              id={`${id}-carrier`}
              name="carrier"
              required
              defaultValue={result?.values.carrier ?? ""}
              aria-invalid={carrierErrors?.length ? true : undefined}
              aria-describedby={carrierErrors?.length ? `${id}-carrier-errors` : undefined}
              className={inputClasses}
            >
              <option value="" disabled>
                {t("fulfillment.choose_carrier")}
              </option>
              {CARRIERS.map((carrier) => (
                <option key={carrier} value={carrier}>
                  {t(`fulfillment.carriers.${carrier}`)}
                </option>
              ))}
            </select>
            <FieldErrors id={`${id}-carrier-errors`} errors={carrierErrors} />
          </div>
          <div>
            <FieldLabel htmlFor={`${id}-tracking`} required>
              {t("fulfillment.tracking_number")}
            </FieldLabel>
            <input
              id={`${id}-tracking`}
              name="tracking_number"
              required
              autoComplete="off"
              spellCheck={false}
              pattern={TRACKING_NUMBER_PATTERN}
              maxLength={60}
              defaultValue={result?.values.tracking_number ?? ""}
              aria-invalid={trackingErrors?.length ? true : undefined}
              aria-describedby={`${id}-tracking-hint${trackingErrors?.length ? ` ${id}-tracking-errors` : ""}`}
              className={inputClasses}
            />
            <p id={`${id}-tracking-hint`} className="mt-1 text-xs text-slate-500">
              {t("fulfillment.tracking_hint")}
            </p>
            <FieldErrors id={`${id}-tracking-errors`} errors={trackingErrors} />
          </div>
        </div>
        <Button type="submit" size="sm" pending={fetcher.state !== "idle"}>
          {submitLabel}
        </Button>
      </fetcher.Form>
    </section>
  );
}
