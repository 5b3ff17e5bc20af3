import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { Button, buttonClasses } from "~/components/ui/button";
import { LocalTime } from "~/components/ui/local-time";
import { useFocusWhenLost } from "~/components/ui/use-focus-when-lost";
import type { OrderHistoryEntry } from "~/domain/orders/order-status.server";
import { formatMoney } from "~/lib/money";

/** Who did what, when (shown to the seller). */
export function OrderHistory({ history, currency }: { history: OrderHistoryEntry[]; currency: string }) {
  const { t, i18n } = useTranslation();
  if (history.length === 0) return null;
  return (
    <section>
      <h3 className="font-semibold">{t("orders.history.title")}</h3>
      <ol className="mt-2 space-y-1" data-testid="order-history">
        {history.map((entry) => (
          <li key={entry.id} className="flex flex-wrap justify-between gap-2 text-slate-700">
            <span>
              {entry.kind === "dispute"
                ? t("sec_payments.disputes.history", { status: t(`sec_payments.disputes.status.${entry.to}`, { defaultValue: entry.to }) })
                : entry.kind === "refund" && entry.amountCents != null
                  ? t("refunds.history", { amount: formatMoney(entry.amountCents, currency, i18n.language) })
                  : entry.kind === "refund_failed" && entry.amountCents != null
                    ? t("refunds.history_failed", { amount: formatMoney(entry.amountCents, currency, i18n.language) })
                    : t(`orders.history.${entry.kind}`, {
                        from: t(`orders.status.${entry.from}`, { defaultValue: entry.from }),
                        to:
                          entry.kind === "status"
                            ? t(`orders.status.${entry.to}`)
                            : t(`orders.payment_status.${entry.to}`, { defaultValue: entry.to }),
                      })}
              {entry.kind === "refund" && entry.note ? (
                <span className="text-slate-500"> · {t("refunds.history_reason", { reason: entry.note })}</span>
              ) : null}
              {entry.kind === "refund_failed" ? (
                <span className="text-slate-500">
                  {" "}
                  · {t(`refunds.failure_reason.${entry.note}`, { defaultValue: t("refunds.failure_reason.unknown") })}
                </span>
              ) : null}
              {entry.by ? <span className="text-slate-500"> · {t("orders.history.by", { name: entry.by })}</span> : null}
            </span>
            <LocalTime value={entry.at} format="dateTime" className="text-xs text-slate-500" />
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The seller's next steps for an order. Cancelling asks for a confirmation first (it
 * refunds a paid order): inline with JavaScript, on the detail page without it.
 */
export function OrderStatusActions({
  orderId,
  number,
  transitions,
  paid,
  totalCents,
  currency,
  confirmingCancel = false,
}: {
  orderId: number;
  number: string;
  transitions: string[];
  paid: boolean;
  totalCents: number;
  currency: string;
  confirmingCancel?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const [confirm, setConfirm] = useState(confirmingCancel);
  const confirmArea = useRef<HTMLDivElement>(null);
  const cancelLink = useRef<HTMLAnchorElement>(null);
  const toggled = useRef(false);
  // The pressed button disappears once the order moved on: keep keyboard focus in the
  // dialog by moving it to this section's heading instead of letting it fall to <body>.
  const heading = useFocusWhenLost<HTMLHeadingElement>(transitions.join(","));
  // Opening the confirmation focuses its confirm button; keeping the order goes back to Cancel.
  useEffect(() => {
    if (!toggled.current) return;
    if (confirm) confirmArea.current?.querySelector<HTMLButtonElement>("button[type=submit]")?.focus();
    else cancelLink.current?.focus();
  }, [confirm]);
  const toggleConfirm = (open: boolean) => {
    toggled.current = true;
    setConfirm(open);
  };
  if (transitions.length === 0) {
    return (
      <section aria-label={t("orders.actions.title", { number })}>
        <h3 ref={heading} tabIndex={-1} className="sr-only">
          {t("orders.actions.title", { number })}
        </h3>
        <p className="text-slate-500">{t("orders.actions.final")}</p>
      </section>
    );
  }
  const returnTo = location.pathname.startsWith("/orders/") ? `/orders/${orderId}` : location.pathname + location.search;
  const busy = (status: string) =>
    navigation.state !== "idle" && navigation.formData?.get("status") === status && navigation.formData?.get("orderId") === String(orderId);
  const form = (status: string, label: string, variant: "primary" | "danger" = "primary") => (
    <Form method="post" action={`/orders/${orderId}`} key={status}>
      <CsrfInput />
      <input type="hidden" name="intent" value="change-status" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <Button type="submit" variant={variant} size="sm" pending={busy(status)}>
        {label}
      </Button>
    </Form>
  );
  return (
    <section aria-label={t("orders.actions.title", { number })}>
      <h3 ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {t("orders.actions.title", { number })}
      </h3>
      <div className="mt-2 flex flex-wrap gap-2">
        {/* Shipping asks for the carrier and the tracking number: the ship form below. */}
        {transitions.filter((s) => s !== "cancelled" && s !== "shipped").map((status) => form(status, t(`orders.actions.to_${status}`)))}
        {transitions.includes("cancelled") && !confirm ? (
          <Link
            ref={cancelLink}
            to={`/orders/${orderId}?confirm=cancel`}
            onClick={(event) => {
              event.preventDefault();
              toggleConfirm(true);
            }}
            className={buttonClasses("outline", "sm", "border-red-300 text-red-700")}
          >
            {t("orders.actions.cancel")}
          </Link>
        ) : null}
      </div>
      {transitions.includes("cancelled") && confirm ? (
        <div ref={confirmArea} role="alert" className="mt-3 space-y-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          <p>
            {paid
              ? t("orders.actions.cancel_refund", { amount: formatMoney(totalCents, currency, i18n.language) })
              : t("orders.actions.cancel_unpaid")}
          </p>
          <div className="flex gap-2">
            {form("cancelled", t("orders.actions.confirm_cancel"), "danger")}
            <Button variant="outline" size="sm" onClick={() => toggleConfirm(false)}>
              {t("orders.actions.keep")}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
