import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { inputClasses } from "~/components/forms/fields";
import { buttonClasses } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { LocalTime } from "~/components/ui/local-time";
import { SearchInput } from "~/components/ui/search-input";
import { Skeleton } from "~/components/ui/skeleton";
import { Table } from "~/components/ui/table";
import type { OrderView } from "~/domain/orders/order-view.server";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/lib/order-states";
import { OrderDetail } from "./order-detail";
import { OrderStatusBadge, PaymentStatusBadge } from "./status-badges";

export type OrderFilters = { search: string; status: string; payment_status: string; view?: string };

/**
 * The order table shared by the seller, client and shopper screens: a GET form of filters
 * (shareable URLs), the table, and a detail dialog (with JavaScript) or a detail page.
 */
export function OrderTable<T extends OrderView>({
  orders,
  filters,
  sellerView,
  showShop,
  detailHref,
  renderDetailExtras,
}: {
  orders: T[];
  filters: OrderFilters;
  sellerView: boolean;
  showShop: boolean;
  detailHref: (order: T) => string;
  renderDetailExtras?: (order: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  // The open order is read from the (revalidated) list, so it shows changes made in the dialog.
  const [openId, setOpenId] = useState<number | null>(null);
  const open = orders.find((o) => o.id === openId) ?? null;
  const loading = navigation.state === "loading" && navigation.location.pathname === "/orders";
  const money = (order: T) => formatMoney(order.totalCents, order.currency, i18n.language);

  return (
    <div>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        {filters.view ? <input type="hidden" name="view" value={filters.view} /> : null}
        <div className="min-w-48 flex-1">
          <label htmlFor="orders-search" className="mb-1 block text-sm font-medium">
            {t("orders.search_label")}
          </label>
          <SearchInput
            id="orders-search"
            defaultValue={filters.search}
            placeholder={t("orders.search_placeholder")}
            className={inputClasses}
          />
        </div>
        <div>
          <label htmlFor="orders-status" className="mb-1 block text-sm font-medium">
            {t("orders.status_filter")}
          </label>
          <select id="orders-status" name="status" defaultValue={filters.status} className={inputClasses}>
            <option value="">{t("orders.all_statuses")}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`orders.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        {sellerView ? (
          <div>
            <label htmlFor="orders-payment-status" className="mb-1 block text-sm font-medium">
              {t("orders.payment_status_filter")}
            </label>
            <select id="orders-payment-status" name="payment_status" defaultValue={filters.payment_status} className={inputClasses}>
              <option value="">{t("orders.all_payment_statuses")}</option>
              {PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`orders.payment_status.${status}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className={buttonClasses("secondary")}>
          {t("orders.apply_filters")}
        </button>
      </Form>

      {loading ? (
        <div className="mt-6 space-y-2" aria-busy="true" aria-label={t("common.loading")}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : orders.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-black/15 p-8 text-center" data-testid="orders-empty">
          {t("orders.empty")}
        </p>
      ) : (
        <Table
          caption={t("orders.table_caption")}
          className="mt-6"
          testId="orders-table"
          rows={orders}
          rowKey={(order) => order.id}
          rowProps={() => ({ "data-testid": "order-row" })}
          columns={[
            { header: t("orders.columns.number"), className: "font-medium whitespace-nowrap", cell: (order) => `#${order.number}` },
            {
              header: t("orders.columns.date"),
              className: "whitespace-nowrap",
              cell: (order) => <LocalTime value={order.createdAt} format="date" />,
            },
            showShop && { header: t("orders.columns.shop"), cell: (order) => order.shopName },
            {
              header: t("orders.columns.customer"),
              cell: (order) => (
                <>
                  <span className="block">{order.customer.fullName}</span>
                  <span className="block text-xs text-slate-500">{order.customer.email}</span>
                </>
              ),
            },
            { header: t("orders.columns.total"), align: "right", className: "whitespace-nowrap tabular-nums", cell: money },
            { header: t("orders.columns.status"), cell: (order) => <OrderStatusBadge status={order.status} /> },
            { header: t("orders.columns.payment_status"), cell: (order) => <PaymentStatusBadge status={order.paymentStatus} /> },
            {
              header: t("orders.columns.actions"),
              hideHeader: true,
              align: "right",
              cell: (order) => (
                <a
                  href={detailHref(order)}
                  onClick={(event) => {
                    event.preventDefault();
                    setOpenId(order.id);
                  }}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  aria-label={t("orders.view_order", { number: order.number })}
                >
                  {t("orders.view")}
                </a>
              ),
            },
          ]}
        />
      )}

      <Dialog
        size="lg"
        open={open !== null}
        onClose={() => setOpenId(null)}
        title={open ? t("orders.detail.title", { number: open.number }) : ""}
      >
        {open ? (
          <OrderDetail order={open} sellerView={sellerView}>
            {renderDetailExtras?.(open)}
          </OrderDetail>
        ) : null}
      </Dialog>
    </div>
  );
}
