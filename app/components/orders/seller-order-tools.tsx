import { useTranslation } from "react-i18next";
import type { OrderHistoryEntry } from "~/domain/orders/order-status.server";
import type { DisputeView } from "~/domain/payments/disputes.server";
import type { RefundSummary } from "~/domain/payments/refunds.server";
import type { OrderStatus } from "~/lib/order-states";
import { OrderHistory, OrderStatusActions } from "./order-actions";
import { OrderDisputes } from "./order-disputes";
import { OrderRefunds, type RefundFormResult } from "./refund-form";
import { ShipForm, type ShipFormResult } from "./ship-form";
import { StatusLinkActions } from "./status-link-actions";

export type SellerOrder = {
  id: number;
  number: string;
  status: OrderStatus;
  totalCents: number;
  currency: string;
  transitions: string[];
  /** Whether it can be shipped now (with a carrier and a tracking number). */
  shippable: boolean;
  disputes: DisputeView[];
  refund: RefundSummary | null;
  history: OrderHistoryEntry[];
};

/**
 * What the seller does with an order, in the table's dialog and on the order's page:
 * its disputes, next steps, refunds, history and status link. `page` is the order's page
 * (without JavaScript, the dialog's fallback): there the next steps start afresh for each
 * status and confirmation, and a refused refund shows what the page answered.
 */
export function SellerOrderTools({
  order,
  page,
}: {
  order: SellerOrder;
  page?: { confirmingCancel: boolean; refundResult?: RefundFormResult | null; shipResult?: ShipFormResult | null };
}) {
  const { t } = useTranslation();
  return (
    <>
      <OrderDisputes disputes={order.disputes} />
      <OrderStatusActions
        key={page ? `${order.status}-${page.confirmingCancel}` : undefined}
        orderId={order.id}
        number={order.number}
        transitions={order.transitions}
        paid={order.refund !== null && order.refund.refundableCents > 0}
        totalCents={order.refund?.refundableCents ?? order.totalCents}
        currency={order.currency}
        confirmingCancel={page?.confirmingCancel}
      />
      {order.shippable ? (
        <ShipForm
          action={`/orders/${order.id}`}
          title={t("fulfillment.ship_title", { number: order.number })}
          submitLabel={t("fulfillment.ship_submit")}
          pageResult={page?.shipResult}
        />
      ) : null}
      {order.refund ? (
        <OrderRefunds
          orderId={order.id}
          number={order.number}
          status={order.status}
          summary={order.refund}
          currency={order.currency}
          pageResult={page?.refundResult}
        />
      ) : null}
      <OrderHistory history={order.history} currency={order.currency} />
      <StatusLinkActions orderId={order.id} number={order.number} />
    </>
  );
}
