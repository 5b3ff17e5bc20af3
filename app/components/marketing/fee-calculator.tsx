import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { calculatorReading, CALCULATOR_DEFAULT, CALCULATOR_MINIMUM, CALCULATOR_PRESETS, computeFees, VAT_RATE } from "~/lib/fees";
import { cx } from "~/lib/class-names";
import { formatMoney } from "~/lib/money";

/**
 * The fee calculator (spec sections 5 and 9). Without JavaScript it is a GET form
 * (`?amount=`); with JavaScript the figures follow every keystroke.
 */
export function FeeCalculator({ initialAmount }: { initialAmount: string }) {
  const { t, i18n } = useTranslation();
  const [raw, setRaw] = useState(initialAmount);
  // A new amount from the URL (the form submitted without JavaScript, a link) replaces the typed one.
  const [shownInitial, setShownInitial] = useState(initialAmount);
  if (shownInitial !== initialAmount) {
    setShownInitial(initialAmount);
    setRaw(initialAmount);
  }

  const { amount, adjustment } = calculatorReading(raw);
  const fees = computeFees(Math.round(amount * 100));
  const money = (cents: number) => formatMoney(cents, "EUR", i18n.language);
  // One deduction per party: the platform fee is shown once, incl. VAT (what is taken from
  // the sale), with its VAT breakdown beneath it.
  const rows = [
    { label: t("pricing.calculator.sale"), value: money(fees.amountCents) },
    { label: t("pricing.calculator.provider_fee"), value: `− ${money(fees.providerFeeCents)}` },
    {
      label: t("pricing.calculator.platform_fee"),
      value: `− ${money(fees.platformFeeTtcCents)}`,
      detail: t("pricing.calculator.platform_fee_breakdown", {
        fee: money(fees.platformFeeHtCents),
        vat: money(fees.platformVatCents),
        rate: Math.round(VAT_RATE * 100),
      }),
    },
  ];
  const adjustmentNote =
    adjustment === "minimum"
      ? t("pricing.calculator.adjusted_minimum", { amount: money(CALCULATOR_MINIMUM * 100) })
      : adjustment === "default" && raw.trim() !== ""
        ? t("pricing.calculator.adjusted_default", { amount: money(CALCULATOR_DEFAULT * 100) })
        : null;

  return (
    <section id="calculator" aria-labelledby="calculator-title" className="rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
      <h2 id="calculator-title" className="text-2xl font-bold">
        {t("pricing.calculator.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("pricing.calculator.subtitle")}</p>

      <Form method="get" action="/pricing#calculator" preventScrollReset className="mt-6 flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <label htmlFor="sale-amount" className="block text-sm font-medium">
            {t("pricing.calculator.amount_label")}
          </label>
          <div className="relative mt-1">
            <input
              id="sale-amount"
              name="amount"
              type="number"
              inputMode="decimal"
              // No native min: an amount under it is calculated at the minimum, and says so.
              step="0.01"
              value={raw}
              onChange={(event) => setRaw(event.target.value)}
              aria-describedby={adjustmentNote ? "sale-amount-hint sale-amount-adjusted" : "sale-amount-hint"}
              className="h-11 w-full rounded-lg border border-border pr-10 pl-3 text-lg"
            />
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-500">€</span>
          </div>
          <p id="sale-amount-hint" className="mt-1 text-xs text-slate-500">
            {t("pricing.calculator.amount_hint", { minimum: CALCULATOR_MINIMUM })}
          </p>
          <p
            id="sale-amount-adjusted"
            role="status"
            className="mt-1 min-h-4 text-xs font-medium text-amber-800"
            data-testid="amount-adjusted"
          >
            {adjustmentNote}
          </p>
        </div>
        <button type="submit" className={buttonClasses("secondary", "lg")}>
          {t("pricing.calculator.calculate")}
        </button>
      </Form>

      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t("pricing.calculator.presets")}>
        {CALCULATOR_PRESETS.map((preset) => (
          <Link
            key={preset}
            to={`/pricing?amount=${preset}#calculator`}
            preventScrollReset
            replace
            onClick={() => setRaw(String(preset))}
            // A link: the chosen amount is the current one (aria-pressed belongs to buttons).
            aria-current={amount === preset ? "true" : undefined}
            className={cx(buttonClasses(amount === preset ? "primary" : "outline", "sm"))}
          >
            {money(preset * 100)}
          </Link>
        ))}
      </div>

      <dl className="mt-6 divide-y divide-border rounded-xl border border-border" aria-live="polite" data-testid="fee-results">
        {rows.map((row) => (
          <div key={row.label} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
            <dt className="text-slate-600">
              {row.label}
              {row.detail ? <span className="mt-0.5 block text-xs text-slate-500">{row.detail}</span> : null}
            </dt>
            <dd className="font-medium whitespace-nowrap tabular-nums">{row.value}</dd>
          </div>
        ))}
        <div className="flex items-start justify-between gap-4 bg-green-50 px-4 py-3">
          <dt className="font-semibold text-green-900">
            {t("pricing.calculator.net")}
            <span className="mt-0.5 block text-xs font-normal text-green-900">
              {t("pricing.calculator.net_note", { vat: money(fees.platformVatCents) })}
            </span>
          </dt>
          <dd className="text-lg font-bold text-green-900 tabular-nums" data-testid="net-received">
            {money(fees.netTtcCents)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
