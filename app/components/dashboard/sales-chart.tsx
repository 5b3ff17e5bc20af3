import { useTranslation } from "react-i18next";
import { Table } from "~/components/ui/table";
import { dateTickIndexes, valueAxis } from "~/lib/chart-scale";
import { intlLocale } from "~/lib/languages";
import { formatMoney } from "~/lib/money";

const WIDTH = 480;
const HEIGHT = 200;
const LEFT = 56; // room for the amount labels
const BOTTOM = 22; // room for the date labels
const TOP = 8;

/**
 * Paid sales per day over the last 30 days, as a plain SVG bar chart (no chart library):
 * an amount axis with round values, a date about once a week, and the same figures as a
 * table (in a disclosure) for screen readers and anyone who wants the numbers.
 */
export function SalesChart({ days, currency }: { days: { day: string; cents: number }[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const axis = valueAxis(Math.max(0, ...days.map((d) => d.cents)));
  const total = days.reduce((acc, d) => acc + d.cents, 0);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const baseline = TOP + plotHeight;
  const barWidth = plotWidth / Math.max(days.length, 1);
  const y = (cents: number) => baseline - (cents / axis.top) * plotHeight;
  // Days are UTC day keys (YYYY-MM-DD): formatted in UTC they are the same day everywhere.
  const dateFormat = new Intl.DateTimeFormat(intlLocale(i18n.language), { day: "numeric", month: "short", timeZone: "UTC" });
  const longDate = new Intl.DateTimeFormat(intlLocale(i18n.language), { weekday: "short", day: "numeric", month: "long", timeZone: "UTC" });
  const dateTicks = dateTickIndexes(days.length);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={t("dashboard.chart.summary", { total: money(total), days: days.length })}
        data-testid="sales-chart"
      >
        <g data-testid="chart-amount-axis" fontSize="12" fill="#475569" textAnchor="end">
          {axis.ticks.map((tick) => (
            <g key={tick}>
              <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? "#94a3b8" : "#e2e8f0"} />
              <text x={LEFT - 6} y={y(tick) + 4}>
                {formatMoney(tick, currency, i18n.language, { wholeUnits: true })}
              </text>
            </g>
          ))}
        </g>
        {days.map((d, i) => {
          const h = d.cents <= 0 ? 0 : Math.max(2, baseline - y(d.cents));
          return (
            <rect
              key={d.day}
              x={LEFT + i * barWidth + 1.5}
              y={baseline - h}
              width={Math.max(barWidth - 3, 1)}
              height={h}
              rx="2"
              fill="#FF0055"
            >
              <title>{`${dateFormat.format(new Date(d.day))}: ${money(d.cents)}`}</title>
            </rect>
          );
        })}
        {/* Date labels stay direct children, the newest (today) last. */}
        {dateTicks.map((i) => (
          <text
            key={days[i]!.day}
            x={LEFT + i * barWidth + barWidth / 2}
            y={HEIGHT - 6}
            fontSize="12"
            fill="#475569"
            textAnchor={i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
            data-testid="chart-date-label"
          >
            {dateFormat.format(new Date(days[i]!.day))}
          </text>
        ))}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-600">{t("dashboard.chart.caption", { total: money(total) })}</figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-600">{t("dashboard.chart.show_table")}</summary>
        <Table
          variant="plain"
          caption={t("dashboard.chart.title")}
          className="mt-2 max-h-64 overflow-y-auto"
          testId="sales-chart-table"
          rows={[...days].reverse()}
          rowKey={(d) => d.day}
          columns={[
            { header: t("dashboard.chart.day"), rowHeader: true, cell: (d) => longDate.format(new Date(d.day)) },
            { header: t("dashboard.chart.sales"), align: "right", className: "tabular-nums", cell: (d) => money(d.cents) },
          ]}
        />
      </details>
    </figure>
  );
}
