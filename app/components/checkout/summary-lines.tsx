import { orderItemName } from "~/lib/order-item-name";

/** "2 × Sweater (M)   €50.00": the lines of a bag or of an order, one row each. */
export function SummaryLines({
  lines,
  money,
}: {
  lines: readonly { name: string; variantName?: string | null; quantity: number; priceCents: number }[];
  money: (cents: number) => string;
}) {
  return lines.map((line, index) => (
    <div key={index} className="flex justify-between gap-3" data-testid="summary-line">
      <dt className="text-slate-600">
        {line.quantity} × {orderItemName(line)}
      </dt>
      <dd>{money(line.priceCents * line.quantity)}</dd>
    </div>
  ));
}
