import { useTranslation } from "react-i18next";
import { dateLocale } from "~/components/ui/local-time";
import { formatEuroFr } from "~/lib/money";

/** Paid sales per day over the last 30 days, as a plain SVG bar chart (no chart library). */
export function SalesChart({ days }: { days: { day: string; cents: number }[] }) {
  const { t, i18n } = useTranslation();
  const max = Math.max(...days.map((d) => d.cents), 1);
  const total = days.reduce((acc, d) => acc + d.cents, 0);
  const width = 600;
  const height = 160;
  const barWidth = width / days.length;
  // Days are UTC day keys (YYYY-MM-DD): formatted in UTC they are the same day everywhere.
  const dateFormat = new Intl.DateTimeFormat(dateLocale(i18n.language), { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-48 w-full" role="img" aria-label={t("dashboard.chart.summary", { total: formatEuroFr(total), days: days.length })}>
        <line x1="0" y1={height} x2={width} y2={height} stroke="#e2e8f0" />
        {days.map((d, i) => {
          const h = d.cents <= 0 ? 0 : Math.max(2, (d.cents / max) * (height - 10));
          return (
            <rect key={d.day} x={i * barWidth + 2} y={height - h} width={barWidth - 4} height={h} rx="2" fill="#FF0055">
              <title>{`${dateFormat.format(new Date(d.day))}: ${formatEuroFr(d.cents)}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} fontSize="11" fill="#64748b">
          {dateFormat.format(new Date(days[0]?.day ?? Date.now()))}
        </text>
        <text x={width} y={height + 16} fontSize="11" fill="#64748b" textAnchor="end">
          {dateFormat.format(new Date(days.at(-1)?.day ?? Date.now()))}
        </text>
      </svg>
      <figcaption className="mt-2 text-sm text-slate-600">{t("dashboard.chart.caption", { total: formatEuroFr(total) })}</figcaption>
    </figure>
  );
}
