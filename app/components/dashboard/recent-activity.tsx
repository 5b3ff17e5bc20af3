import { useTranslation } from "react-i18next";
import { LocalTime } from "~/components/ui/local-time";
import { formatMoney } from "~/lib/money";

export type ActivityItem = {
  id: number;
  kind: string;
  toValue: string;
  createdAt: string;
  orderId: number;
  orderNumber: number;
  customer: string;
  totalCents: number;
  /** The amount of a refund (a refund may give back part of the order), or of a refund that failed. */
  amountCents?: number | null;
};

/** The money an item moved: a refund went out, a refund that failed came back, else the order's total. */
function activityCents(item: ActivityItem): number {
  if (item.amountCents == null) return item.totalCents;
  if (item.kind === "refund") return -item.amountCents;
  if (item.kind === "refund_failed") return item.amountCents;
  return item.totalCents;
}

export function RecentActivity({ items, currency }: { items: ActivityItem[]; currency: string }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0)
    return (
      <p className="text-sm text-slate-600" data-testid="activity-empty">
        {t("dashboard.activity.empty")}
      </p>
    );
  return (
    <ul className="divide-y divide-border" data-testid="activity-list">
      {items.map((item) => (
        <li key={item.id} className="flex items-center justify-between gap-3 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-medium">
              {t(`dashboard.activity.${item.kind}`, {
                number: String(item.orderNumber).padStart(4, "0"),
                customer: item.customer,
                status: t(`orders.status.${item.toValue}`, { defaultValue: item.toValue }),
              })}
            </p>
            <LocalTime value={item.createdAt} format="dateTime" className="block text-xs text-slate-500" />
          </div>
          <span className="shrink-0 tabular-nums">{formatMoney(activityCents(item), currency, i18n.language)}</span>
        </li>
      ))}
    </ul>
  );
}
