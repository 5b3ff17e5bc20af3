import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { LocalTime } from "~/components/ui/local-time";
import type { LiveListItem } from "~/domain/lives/live-screens.server";
import { intlLocale } from "~/lib/languages";
import { formatMoney } from "~/lib/money";

/** The seller's lives, newest first: each opens its board. */
export function LiveList({ lives, currency }: { lives: LiveListItem[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  if (lives.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-8 text-center text-slate-600" data-testid="lives-empty">
        {t("lives.list.empty")}
      </p>
    );
  }
  return (
    <section aria-labelledby="lives-heading">
      <h2 id="lives-heading" className="text-xl font-semibold">
        {t("lives.list.heading")}
      </h2>
      <ul className="mt-4 space-y-3" data-testid="lives-list">
        {lives.map((live) => (
          <li key={live.id} className="rounded-xl border border-border bg-white p-4 shadow-sm" data-testid="live-row">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <Link
                  to={`/dashboard/lives/${live.id}`}
                  className="font-semibold break-words text-brand-700 underline-offset-2 hover:underline"
                >
                  {live.title}
                </Link>
                <p className="mt-1 text-sm text-slate-600">
                  {t(`lives.platforms.${live.platform}`)} ·{" "}
                  {live.scheduledAt && !live.endedAt ? (
                    <>
                      {t("lives.list.scheduled_for")} <LocalTime value={live.scheduledAt} format="dateTime" />
                    </>
                  ) : (
                    <>
                      {t("lives.list.started_at")} <LocalTime value={live.startedAt} format="dateTime" />
                    </>
                  )}
                </p>
              </div>
              <Badge tone={live.endedAt ? "neutral" : "danger"}>{live.endedAt ? t("lives.list.ended") : t("lives.list.live")}</Badge>
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-slate-600">{t("lives.list.visits")}</dt>
                <dd className="font-semibold tabular-nums">{number.format(live.stats.visits)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("lives.list.paid_orders")}</dt>
                <dd className="font-semibold tabular-nums">{number.format(live.stats.paidOrders)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("lives.list.revenue")}</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(live.stats.revenueCents, currency, i18n.language)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
