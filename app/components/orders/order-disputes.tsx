import { useTranslation } from "react-i18next";
import { LocalTime } from "~/components/ui/local-time";
import type { DisputeView } from "~/domain/payments/disputes.server";
import { formatMoney } from "~/lib/money";

/**
 * The chargebacks on an order's payment (seller only): while one is open the money is
 * contested even though the order reads "paid", so it is shown first, as an alert.
 */
export function OrderDisputes({ disputes }: { disputes: DisputeView[] }) {
  const { t, i18n } = useTranslation();
  if (disputes.length === 0) return null;
  return (
    <section aria-labelledby="order-disputes-title" data-testid="order-disputes">
      <h3 id="order-disputes-title" className="font-semibold">
        {t("sec_payments.disputes.title")}
      </h3>
      <ul className="mt-2 space-y-2">
        {disputes.map((dispute) => (
          <li
            key={dispute.id}
            role={dispute.open ? "alert" : undefined}
            className={`rounded-lg border p-3 text-sm break-words ${dispute.open ? "border-red-300 bg-red-50 text-red-900" : "border-border bg-slate-50 text-slate-700"}`}
          >
            <p className="font-medium">
              {t(dispute.open ? "sec_payments.disputes.open_summary" : "sec_payments.disputes.closed_summary", {
                amount: formatMoney(dispute.amountCents, dispute.currency, i18n.language),
                status: t(`sec_payments.disputes.status.${dispute.status}`, { defaultValue: dispute.status }),
              })}
            </p>
            <p className="mt-1">
              {t("common.label_colon", { label: t("sec_payments.disputes.reason_label") })}{" "}
              {t(`sec_payments.disputes.reason.${dispute.reason}`, { defaultValue: dispute.reason })}
            </p>
            {dispute.open && dispute.evidenceDueBy ? (
              <p className="mt-1">
                {t("sec_payments.disputes.respond_by")} <LocalTime value={dispute.evidenceDueBy} format="dateTime" />
              </p>
            ) : null}
            {dispute.open ? <p className="mt-1">{t("sec_payments.disputes.how_to_respond")}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
