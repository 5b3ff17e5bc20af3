import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FormErrors, inputClasses } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { LocalTime } from "~/components/ui/local-time";
import type { RefundSummary } from "~/domain/payments/refunds.server";
import { centsToDecimalString, formatMoney } from "~/lib/money";
import type { OrderStatus } from "~/lib/order-states";
import { restockByDefault } from "~/lib/refund-restock";

/** What a refund the server refused sends back: field errors (translation keys) and what was typed. */
export type RefundFormResult = {
  refund: {
    fieldErrors: Record<string, string[]>;
    formErrors: string[];
    values: { amount: string; reason: string; restock: boolean };
    refundableCents: number;
  };
};

/**
 * The seller's refunds of a paid order: paid / refunded / refundable, the refunds made, and
 * a form to refund some or all of the rest, and whether its units go back in stock (ticked
 * before shipping; shown when the order holds sold units). It posts to the order's page: with JavaScript
 * through a fetcher (the dialog stays open, errors show in place), without it as a plain
 * form whose refused answer is the order page with the errors and the typed values.
 */
export function OrderRefunds({
  orderId,
  number,
  status,
  summary,
  currency,
  pageResult,
}: {
  orderId: number;
  number: string;
  status: OrderStatus;
  summary: RefundSummary;
  currency: string;
  pageResult?: RefundFormResult | null;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const fetcher = useFetcher<RefundFormResult>();
  const location = useLocation();
  const id = useId();
  // An answer about an earlier state of the order (a refund went through since) is stale.
  const answer = (fetcher.data ?? pageResult)?.refund;
  const result = answer && answer.refundableCents === summary.refundableCents ? answer : undefined;
  const returnTo = location.pathname.startsWith("/orders/") ? `/orders/${orderId}` : location.pathname + location.search;
  const amountErrors = result?.fieldErrors.amount;
  const reasonErrors = result?.fieldErrors.reason;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {t("refunds.title")}
      </h3>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm" data-testid="refund-summary">
        {(
          [
            ["paid", summary.paidCents],
            ["refunded", summary.refundedCents],
            ["refundable", summary.refundableCents],
          ] as const
        ).map(([key, cents]) => (
          <div key={key}>
            <dt className="text-xs text-slate-500">{t(`refunds.${key}`)}</dt>
            <dd className="tabular-nums">{money(cents)}</dd>
          </div>
        ))}
      </dl>
      {summary.refunds.length ? (
        <ul className="mt-2 space-y-1 text-sm" data-testid="refund-list">
          {summary.refunds.map((refund) => (
            <li key={refund.id} className="flex flex-wrap justify-between gap-2 text-slate-700">
              <span>
                {t("refunds.history", { amount: money(refund.amountCents) })} ({t(`refunds.status.${refund.status}`)})
                {refund.reason ? (
                  <span className="block text-slate-500">{t("refunds.history_reason", { reason: refund.reason })}</span>
                ) : null}
                {refund.failureReason ? (
                  // Made, then sent back by the provider (Stripe's refund.failed): why, and that its amount can go again.
                  <span className="block text-red-700" data-testid="refund-failed-later">
                    {t(`refunds.failure_reason.${refund.failureReason}`, { defaultValue: t("refunds.failure_reason.unknown") })}{" "}
                    {t("refunds.failed_later")}
                  </span>
                ) : null}
              </span>
              <LocalTime value={refund.at} format="dateTime" className="text-xs text-slate-500" />
            </li>
          ))}
        </ul>
      ) : null}
      {summary.refundableCents > 0 ? (
        <fetcher.Form
          method="post"
          action={`/orders/${orderId}`}
          className="mt-3 space-y-3"
          aria-label={t("refunds.title")}
          data-testid="refund-form"
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="returnTo" value={returnTo} />
          <FormErrors errors={result?.formErrors} />
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <div>
              <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-medium text-slate-800">
                {t("refunds.amount_label")}
              </label>
              <input
                // A new refundable rest (after a refund) resets the typed amount to it.
                key={`${summary.refundableCents}-${result ? "typed" : "fresh"}`}
                id={`${id}-amount`}
                name="amount"
                inputMode="decimal"
                required
                pattern="\d{1,9}([.,]\d{0,2})?"
                defaultValue={result?.values.amount ?? centsToDecimalString(summary.refundableCents)}
                aria-invalid={amountErrors?.length ? true : undefined}
                aria-describedby={`${id}-amount-hint${amountErrors?.length ? ` ${id}-amount-errors` : ""}`}
                className={inputClasses}
              />
              <FieldErrors id={`${id}-amount-errors`} errors={amountErrors} />
            </div>
            <div>
              <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium text-slate-800">
                {t("refunds.reason_label")}
              </label>
              <input
                key={`${summary.refundableCents}-${result ? "typed" : "fresh"}`}
                id={`${id}-reason`}
                name="reason"
                maxLength={500}
                defaultValue={result?.values.reason ?? ""}
                aria-invalid={reasonErrors?.length ? true : undefined}
                aria-describedby={reasonErrors?.length ? `${id}-reason-errors` : undefined}
                className={inputClasses}
              />
              <FieldErrors id={`${id}-reason-errors`} errors={reasonErrors} />
            </div>
          </div>
          <p id={`${id}-amount-hint`} className="text-xs text-slate-500">
            {t("refunds.amount_hint", { maximum: money(summary.refundableCents) })}
          </p>
          {summary.restockableUnits > 0 ? (
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                key={`${summary.refundableCents}-${result ? "typed" : "fresh"}`}
                type="checkbox"
                name="restock"
                defaultChecked={result?.values.restock ?? restockByDefault(status)}
                className="size-5"
                data-testid="refund-restock"
              />
              {t("stock_admin.refund.restock", { count: summary.restockableUnits })}
            </label>
          ) : null}
          <Button
            type="submit"
            variant="outline"
            size="sm"
            pending={fetcher.state !== "idle"}
            aria-label={`${t("refunds.submit")} #${number}`}
          >
            {t("refunds.submit")}
          </Button>
        </fetcher.Form>
      ) : null}
    </section>
  );
}
