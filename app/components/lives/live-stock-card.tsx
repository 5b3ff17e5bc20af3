import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { IntentButton } from "~/components/forms/intent-button";
import { inputClasses } from "~/components/forms/fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { BoardStock, BoardVariantStock } from "~/domain/lives/live-stock.server";
import { BOARD_STOCK_MAX } from "~/schemas/stock-admin";

/**
 * The pinned product's units during the live, per variant: left, held by checkouts not paid
 * yet, sold by this live, shoppers waiting; and a "+N" (a number and Add, or +1) for units
 * found in the back room. Plain forms, thumb-sized; the board's live updates (or its
 * refresh without JavaScript) keep the figures current.
 */
export function LiveStockCard({ stock, productName }: { stock: BoardStock; productName: string }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="live-stock">
      <CardHeader>
        <CardTitle>{t("stock_admin.board.title")}</CardTitle>
        <p className="text-sm text-slate-600">
          {stock.tracked ? t("stock_admin.board.hint", { name: productName }) : t("stock_admin.board.not_tracked", { name: productName })}
        </p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {stock.variants.map((variant) => (
            <VariantRow key={variant.id} stock={stock} variant={variant} productName={productName} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function VariantRow({ stock, variant, productName }: { stock: BoardStock; variant: BoardVariantStock; productName: string }) {
  const { t } = useTranslation();
  const name = variant.name || productName;
  const fields: Record<string, number> = stock.hasOptions
    ? { product_id: stock.productId, variant: variant.id }
    : { product_id: stock.productId };
  const tracked = variant.available !== null;
  return (
    <li className="rounded-lg border border-border p-3" data-testid="live-stock-variant" data-variant-id={variant.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 font-semibold break-words">{stock.hasOptions ? variant.name : productName}</p>
        {variant.available === 0 ? (
          <Badge tone="danger">{t("stock_admin.sold_out")}</Badge>
        ) : tracked && variant.available! <= stock.threshold ? (
          <Badge tone="warning">{t("stock_admin.low_stock")}</Badge>
        ) : null}
      </div>
      <dl className="mt-2 grid grid-cols-4 gap-2 text-center">
        <Figure label={t("stock_admin.board.left")} value={tracked ? String(variant.available) : "—"} testId="live-stock-left" big />
        <Figure label={t("stock_admin.board.held")} value={tracked ? String(variant.held) : "—"} testId="live-stock-held" />
        <Figure label={t("stock_admin.board.sold")} value={String(variant.sold)} testId="live-stock-sold" />
        <Figure label={t("stock_admin.board.waiting")} value={String(variant.waiting)} testId="live-stock-waiting" />
      </dl>
      {tracked ? (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <IntentButton
            intent="add-stock"
            fields={{ ...fields, quantity: 1 }}
            size="lg"
            variant="secondary"
            label={t("stock_admin.board.add_one_named", { name })}
          >
            +1
          </IntentButton>
          <Form method="post" className="flex min-w-0 flex-1 items-end gap-2">
            <CsrfInput />
            <input type="hidden" name="intent" value="add-stock" />
            {Object.entries(fields).map(([field, value]) => (
              <input key={field} type="hidden" name={field} value={value} />
            ))}
            <div className="min-w-0 flex-1">
              <label htmlFor={`live-stock-${variant.id}`} className="mb-1 block text-sm font-medium">
                {t("stock_admin.board.quantity_label", { name })}
              </label>
              <input
                id={`live-stock-${variant.id}`}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={BOARD_STOCK_MAX}
                step={1}
                required
                className={`${inputClasses} h-12 text-base`}
              />
            </div>
            <Button type="submit" size="lg">
              {t("stock_admin.board.add")}
            </Button>
          </Form>
        </div>
      ) : null}
    </li>
  );
}

function Figure({ label, value, testId, big }: { label: string; value: string; testId: string; big?: boolean }) {
  return (
    <div className="rounded-lg bg-slate-50 p-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`font-bold tabular-nums ${big ? "text-2xl" : "text-lg"}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
