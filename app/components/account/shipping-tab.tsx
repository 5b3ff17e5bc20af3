import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FieldLabel, FormErrors, inputClasses } from "~/components/forms/fields";
import { IntentButton } from "~/components/forms/intent-button";
import { useResetOnChange } from "~/components/forms/use-reset-on-change";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { ShippingTabData } from "~/routes/account/shipping-actions.server";

type Result = SubmissionResult<string[]> | null | undefined;

/**
 * The form a failed post came from, so that its errors and what was typed show there (and
 * only there): the same intent and the same zone and rate.
 */
function resultFor(result: Result, intent: string, zone?: number, rate?: number | null): Result {
  const sent = result?.initialValue;
  if (!result || !sent || sent.intent !== intent) return null;
  if (zone !== undefined && String(sent.zone ?? "") !== String(zone)) return null;
  // A new rate's form sends no rate.
  if (rate !== undefined && String(sent.rate ?? "") !== String(rate ?? "")) return null;
  return result;
}

/** A labelled input of the tab's plain forms, with its errors. */
function Input({
  form,
  name,
  label,
  value,
  result,
  hint,
  required,
  type = "text",
  inputMode,
}: {
  form: string;
  name: string;
  label: string;
  value: string;
  result: Result;
  hint?: string;
  required?: boolean;
  type?: string;
  inputMode?: "decimal";
}) {
  const id = `${form}-${name}`;
  // A list typed in one field (countries) has its errors per item (`countries[1]`): all show here.
  const errors = Object.entries(result?.error ?? {})
    .filter(([key]) => key === name || key.startsWith(`${name}[`))
    .flatMap(([, messages]) => messages ?? []);
  const sent = result?.initialValue?.[name];
  const describedBy = [hint ? `${id}-hint` : "", errors.length ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        defaultValue={typeof sent === "string" ? sent : value}
        required={required}
        min={type === "number" ? 0 : undefined}
        step={type === "number" ? "0.01" : undefined}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClasses}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors.length ? errors : undefined} />
    </div>
  );
}

function PlainForm({
  intent,
  hidden = {},
  children,
  label,
  resetOn = "",
}: {
  intent: string;
  hidden?: Record<string, number>;
  children: ReactNode;
  label: string;
  /** An adding form: the list it adds to (its ids), so that it starts empty once it added. */
  resetOn?: string;
}) {
  const form = useResetOnChange(resetOn);
  return (
    <Form ref={form} method="post" className="space-y-3" aria-label={label}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** A rate's fields (name, price, free from, delivery time). */
function RateFields({
  form,
  rate,
  result,
  nameField = "name",
}: {
  form: string;
  rate: ShippingTabData["zones"][number]["rates"][number] | null;
  result: Result;
  /** The new zone's form names its zone `name` and its first rate `rate_name`. */
  nameField?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Input form={form} name={nameField} label={t("shipping.tab.rate_name")} value={rate?.name ?? ""} result={result} required />
      <Input
        form={form}
        name="price"
        label={t("shipping.tab.price")}
        value={rate?.price ?? ""}
        result={result}
        required
        type="number"
        inputMode="decimal"
      />
      <Input
        form={form}
        name="free_from"
        label={t("shipping.tab.free_from")}
        value={rate?.freeFrom ?? ""}
        result={result}
        hint={t("shipping.tab.free_from_hint")}
        type="number"
        inputMode="decimal"
      />
      <Input
        form={form}
        name="delivery"
        label={t("shipping.tab.delivery")}
        value={rate?.delivery ?? ""}
        result={result}
        hint={t("shipping.tab.delivery_hint")}
      />
    </div>
  );
}

/**
 * The account's Shipping tab: a form per zone, per rate and for the pickup, plain posts that
 * work without JavaScript; each saves the whole setting through the same rule as the API.
 */
export function ShippingTab({ shipping, lastResult }: { shipping: ShippingTabData; lastResult: Result }) {
  const { t } = useTranslation();
  const newZone = resultFor(lastResult, "add-zone");
  const pickup = resultFor(lastResult, "save-pickup");
  return (
    <div className="mt-6 space-y-6" data-testid="shipping-tab">
      <p className="text-sm text-slate-700">{t("shipping.tab.intro")}</p>
      {shipping.zones.length === 0 ? (
        <p className="text-sm font-medium" data-testid="shipping-none">
          {t("shipping.tab.none")}
        </p>
      ) : null}
      {shipping.zones.map((zone) => {
        const zoneResult = resultFor(lastResult, "save-zone", zone.id);
        const newRate = resultFor(lastResult, "save-rate", zone.id, null);
        return (
          <Card key={zone.id} data-testid="shipping-zone">
            <CardHeader>
              <CardTitle>{zone.name}</CardTitle>
              <p className="text-sm text-slate-600">{zone.countryNames}</p>
            </CardHeader>
            <CardContent className="space-y-6">
              <PlainForm intent="save-zone" hidden={{ zone: zone.id }} label={`${t("shipping.tab.zone")} ${zone.name}`}>
                <FormErrors errors={zoneResult?.error?.[""] ?? undefined} />
                <div className="grid gap-3 sm:grid-cols-2">
                  <Input
                    form={`zone-${zone.id}`}
                    name="name"
                    label={t("shipping.tab.zone_name")}
                    value={zone.name}
                    result={zoneResult}
                    required
                  />
                  <Input
                    form={`zone-${zone.id}`}
                    name="countries"
                    label={t("shipping.tab.countries")}
                    value={zone.countries}
                    result={zoneResult}
                    hint={t("shipping.tab.countries_hint")}
                    required
                  />
                </div>
                <Button type="submit" variant="outline" size="sm">
                  {t("shipping.tab.save_zone")}
                </Button>
              </PlainForm>
              <section className="space-y-4" aria-label={t("shipping.tab.rates", { zone: zone.name })}>
                <h3 className="font-semibold">{t("shipping.tab.rates", { zone: zone.name })}</h3>
                {zone.rates.map((rate) => {
                  const rateResult = resultFor(lastResult, "save-rate", zone.id, rate.id);
                  return (
                    <div key={rate.id} className="space-y-2 rounded-lg border border-slate-200 p-3" data-testid="shipping-rate">
                      <PlainForm intent="save-rate" hidden={{ zone: zone.id, rate: rate.id }} label={rate.name}>
                        <FormErrors errors={rateResult?.error?.[""] ?? undefined} />
                        <RateFields form={`rate-${rate.id}`} rate={rate} result={rateResult} />
                        <Button type="submit" variant="outline" size="sm">
                          {t("shipping.tab.save_rate")}
                        </Button>
                      </PlainForm>
                      {zone.rates.length > 1 ? (
                        <IntentButton
                          intent="delete-rate"
                          fields={{ zone: zone.id, rate: rate.id }}
                          label={`${t("shipping.tab.delete_rate")}: ${rate.name}`}
                        >
                          {t("shipping.tab.delete_rate")}
                        </IntentButton>
                      ) : null}
                    </div>
                  );
                })}
                <details className="rounded-lg border border-dashed border-slate-300 p-3" open={newRate ? true : undefined}>
                  <summary className="cursor-pointer text-sm font-medium">{t("shipping.tab.add_rate")}</summary>
                  <div className="mt-3">
                    <PlainForm
                      intent="save-rate"
                      hidden={{ zone: zone.id }}
                      label={`${t("shipping.tab.add_rate")}: ${zone.name}`}
                      resetOn={zone.rates.map((rate) => rate.id).join()}
                    >
                      <FormErrors errors={newRate?.error?.[""] ?? undefined} />
                      <RateFields form={`new-rate-${zone.id}`} rate={null} result={newRate} />
                      <Button type="submit" variant="outline" size="sm">
                        {t("shipping.tab.add_rate")}
                      </Button>
                    </PlainForm>
                  </div>
                </details>
              </section>
              <IntentButton intent="delete-zone" fields={{ zone: zone.id }} label={`${t("shipping.tab.delete_zone")}: ${zone.name}`}>
                {t("shipping.tab.delete_zone")}
              </IntentButton>
            </CardContent>
          </Card>
        );
      })}
      <Card>
        <CardHeader>
          <CardTitle>{t("shipping.tab.add_zone")}</CardTitle>
        </CardHeader>
        <CardContent>
          <PlainForm intent="add-zone" label={t("shipping.tab.add_zone")} resetOn={shipping.zones.map((zone) => zone.id).join()}>
            <FormErrors errors={newZone?.error?.[""] ?? undefined} />
            <div className="grid gap-3 sm:grid-cols-2">
              <Input form="new-zone" name="name" label={t("shipping.tab.zone_name")} value="" result={newZone} required />
              <Input
                form="new-zone"
                name="countries"
                label={t("shipping.tab.countries")}
                value=""
                result={newZone}
                hint={t("shipping.tab.countries_hint")}
                required
              />
            </div>
            <h3 className="pt-2 text-sm font-semibold">{t("shipping.tab.first_rate")}</h3>
            <RateFields form="new-zone" rate={null} result={newZone} nameField="rate_name" />
            <Button type="submit" size="sm">
              {t("shipping.tab.add_zone")}
            </Button>
          </PlainForm>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("shipping.tab.pickup")}</CardTitle>
          <p className="text-sm text-slate-600">{t("shipping.tab.pickup_intro")}</p>
        </CardHeader>
        <CardContent>
          <PlainForm intent="save-pickup" label={t("shipping.tab.pickup")}>
            <FormErrors errors={pickup?.error?.[""] ?? undefined} />
            <Input form="pickup" name="address" label={t("shipping.tab.pickup_address")} value={shipping.pickupAddress} result={pickup} />
            <Button type="submit" variant="outline" size="sm">
              {t("shipping.tab.save_pickup")}
            </Button>
          </PlainForm>
        </CardContent>
      </Card>
    </div>
  );
}
