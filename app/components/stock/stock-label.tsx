import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import type { StockLabel } from "~/lib/stock-label";

type T = ReturnType<typeof useTranslation>["t"];

/** "Sold out", "Only 2 left", or nothing (issue 27): the one wording of the shop's pages. */
export function stockLabelText(t: T, label: StockLabel): string {
  if (!label) return "";
  return label.kind === "low" ? t("stock_shop.label.only_left", { count: label.left }) : t("stock_shop.label.sold_out");
}

/** A stock label as a badge (nothing when there is nothing to say). */
export function StockBadge({ label, className }: { label: StockLabel; className?: string }) {
  const { t } = useTranslation();
  if (!label) return null;
  return (
    <Badge tone={label.kind === "low" ? "warning" : "neutral"} className={className} data-testid="stock-label">
      {stockLabelText(t, label)}
    </Badge>
  );
}
