import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/order-detail";
import { OrderHistory, OrderStatusActions } from "~/components/orders/order-actions";
import { OrderDetail } from "~/components/orders/order-detail";
import { OrderDisputes } from "~/components/orders/order-disputes";
import { StatusLinkActions } from "~/components/orders/status-link-actions";
import { buttonClasses } from "~/components/ui/button";
import { OrderRefunds, type RefundFormResult } from "~/components/orders/refund-form";
import { DomainError, ForbiddenError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { orderRefundSummaries, refundOrder } from "~/domain/payments/refunds.server";
import { formatOrderNumber, getVisibleOrder, type OrderWithItems } from "~/domain/orders/orders.server";
import { parseInput } from "~/http/api.server";
import { formatMoney } from "~/lib/money";
import { allowedTransitions, orderHistories } from "~/domain/orders/order-status.server";
import { changeOrderStatus } from "~/domain/payments/order-status-change.server";
import { orderView } from "~/domain/orders/order-view.server";
import { orderDisputes } from "~/domain/payments/disputes.server";
import { canManageOrder } from "~/domain/orders/visibility.server";
import { safeRedirectPath } from "~/http/forms.server";
import { orderViewer } from "~/http/shopper.server";
import { messageKey, translateMessage } from "~/lib/messages";
import { parsePathId } from "~/lib/path-id";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { ORDER_STATUSES } from "~/schemas/checkout";
import { refundSchema } from "~/schemas/refunds";

function orderIdParam(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** An order's detail page on the main site (the table's dialog, without JavaScript). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = orderViewer(request, context);
  const id = orderIdParam(params.orderId);
  try {
    const order = getVisibleOrder(id, viewer);
    const sellerView = canManageOrder(order, viewer);
    return {
      order: {
        ...orderView(order),
        history: sellerView ? (orderHistories([order.id]).get(order.id) ?? []) : [],
        disputes: sellerView ? (orderDisputes([order.id]).get(order.id) ?? []) : [],
        transitions: sellerView ? allowedTransitions(order.status) : [],
        refund: sellerView ? (orderRefundSummaries([order]).get(order.id) ?? null) : null,
      },
      sellerView,
      confirmCancel: new URL(request.url).searchParams.get("confirm") === "cancel",
      title: getI18nInstance(context).t("orders.detail.title", { number: formatOrderNumber(order.number) }),
    };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

/**
 * The seller moves the order on or refunds it (from the dialog or this page), then back
 * where they were. A refused refund answers this page with the errors and what was typed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getI18nInstance(context).t;
  const viewer = orderViewer(request, context);
  const id = orderIdParam(params.orderId);
  const form = await request.formData();
  const returnTo = safeRedirectPath(form.get("returnTo"), `/orders/${id}`);
  const intent = form.get("intent");
  const status = String(form.get("status"));
  const typed = { amount: String(form.get("amount") ?? ""), reason: String(form.get("reason") ?? "") };
  let order: OrderWithItems | undefined;
  try {
    order = getVisibleOrder(id, viewer);
    if (!canManageOrder(order, viewer) || !viewer.user) throw new ForbiddenError("orders.errors.seller_only");
    if (intent === "refund") {
      const input = parseInput(refundSchema, typed);
      const refund = await refundOrder(
        id,
        { amountCents: input.amount, reason: input.reason },
        { userId: viewer.user.id, shopId: order.shopId },
      );
      setToast(context, {
        type: "success",
        message: t("refunds.done", {
          amount: formatMoney(refund.amountCents, order.currency, getLocale(context)),
          number: formatOrderNumber(order.number),
        }),
      });
      return redirect(returnTo);
    }
    if (intent !== "change-status" || !(ORDER_STATUSES as readonly string[]).includes(status))
      throw data({ message: t("errors.unknown_action") }, { status: 400 });
    const updated = await changeOrderStatus(id, status as (typeof ORDER_STATUSES)[number], {
      userId: viewer.user.id,
      shopId: order.shopId,
    });
    setToast(context, {
      type: "success",
      message: t("orders.actions.changed", { number: formatOrderNumber(updated.number), status: t(`orders.status.${updated.status}`) }),
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    if (!(error instanceof DomainError)) throw error;
    if (intent === "refund" && order && !(error instanceof ForbiddenError)) {
      const fieldErrors = error instanceof ValidationError ? error.fieldErrors : {};
      const formErrors = Object.keys(fieldErrors).length ? [] : [messageKey(error.messageKey, error.values)];
      const refundableCents = orderRefundSummaries([getVisibleOrder(id, viewer)]).get(id)?.refundableCents ?? 0;
      return data({ refund: { fieldErrors, formErrors, values: typed, refundableCents } } satisfies RefundFormResult, {
        status: error.status,
      });
    }
    setToast(context, { type: "error", message: translateMessage(t, error.messageKey, error.values) });
  }
  return redirect(returnTo);
}

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order, sellerView, confirmCancel } = loaderData;
  return (
    <section className="container-page max-w-3xl py-10">
      <Link to="/orders" className={buttonClasses("ghost", "sm", "-ml-3")}>
        ← {t("orders.back_to_list")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{t("orders.detail.title", { number: order.number })}</h1>
      <div className="mt-6 rounded-xl border border-border bg-white p-6 shadow-sm">
        <OrderDetail order={order} sellerView={sellerView}>
          {sellerView ? (
            <>
              <OrderDisputes disputes={order.disputes} />
              <OrderStatusActions
                key={`${order.status}-${confirmCancel}`}
                orderId={order.id}
                number={order.number}
                transitions={order.transitions}
                paid={order.refund !== null && order.refund.refundableCents > 0}
                totalCents={order.refund?.refundableCents ?? order.totalCents}
                currency={order.currency}
                confirmingCancel={confirmCancel}
              />
              {order.refund ? (
                <OrderRefunds
                  orderId={order.id}
                  number={order.number}
                  summary={order.refund}
                  currency={order.currency}
                  pageResult={actionData}
                />
              ) : null}
              <OrderHistory history={order.history} currency={order.currency} />
              <StatusLinkActions orderId={order.id} number={order.number} />
            </>
          ) : null}
        </OrderDetail>
      </div>
    </section>
  );
}
