import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/order-detail";
import { OrderDetail } from "~/components/orders/order-detail";
import { SellerOrderTools } from "~/components/orders/seller-order-tools";
import type { RefundFormResult } from "~/components/orders/refund-form";
import { ForbiddenError, NotFoundError, ValidationError } from "~/domain/errors.server";
import type { DomainError } from "~/domain/errors.server";
import { orderRefundSummaries, refundOrder } from "~/domain/payments/refunds.server";
import { formatOrderNumber, getVisibleOrder } from "~/domain/orders/orders.server";
import { parseInput } from "~/http/api.server";
import { formatMoney } from "~/lib/money";
import { allowedTransitions, orderHistories } from "~/domain/orders/order-status.server";
import { changeOrderStatus } from "~/domain/payments/order-status-change.server";
import { canShip, shipOrder } from "~/domain/orders/fulfillment.server";
import { shipFormRefused, shipmentTyped } from "./ship-actions.server";
import { shipmentSchema } from "~/schemas/fulfillment";
import { orderView } from "~/domain/orders/order-view.server";
import { orderDisputes } from "~/domain/payments/disputes.server";
import { canManageOrder } from "~/domain/orders/visibility.server";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import { formAction } from "~/http/forms.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import type { IntentArgs } from "~/http/forms.server";
import { notFoundPage, orNotFound, throwIfNotFound } from "~/http/guards.server";
import { orderViewer } from "~/http/shopper.server";
import { messageKey, translateMessage } from "~/lib/messages";
import { parsePathId } from "~/lib/path-id";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { ORDER_STATUSES, type OrderStatus } from "~/lib/order-states";
import { refundSchema } from "~/schemas/refunds";
import { BackLink } from "~/components/ui/back-link";

function orderIdParam(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw notFoundPage();
  return id;
}

/** An order's detail page on the main site (the table's dialog, without JavaScript). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await orderViewer(request, context);
  const id = orderIdParam(params.orderId);
  const order = await orNotFound(getVisibleOrder(id, viewer));
  const sellerView = canManageOrder(order, viewer);
  return {
    order: {
      ...orderView(order),
      history: sellerView ? ((await orderHistories([order.id])).get(order.id) ?? []) : [],
      disputes: sellerView ? ((await orderDisputes([order.id])).get(order.id) ?? []) : [],
      transitions: sellerView ? allowedTransitions(order.status) : [],
      shippable: sellerView && canShip(order),
      refund: sellerView ? ((await orderRefundSummaries([order])).get(order.id) ?? null) : null,
    },
    sellerView,
    confirmCancel: new URL(request.url).searchParams.get("confirm") === "cancel",
    title: getI18nInstance(context).t("orders.detail.title", { number: formatOrderNumber(order.number) }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

type OrderActionArgs = IntentArgs<{ id: number; viewer: OrderViewer }>;

/** The order the seller acts on: the 404 page when it is not visible, a refusal when it is not theirs. */
async function managedOrder({ guarded: { id, viewer } }: OrderActionArgs) {
  const order = await getVisibleOrder(id, viewer);
  if (!canManageOrder(order, viewer) || !viewer.user) throw new ForbiddenError("orders.errors.seller_only");
  return { order, userId: viewer.user.id };
}

/** Back where the seller was: the form's `returnTo`, else this page. */
function returnTo({ formData, guarded: { id } }: OrderActionArgs) {
  return safeRedirectPath(formData.get("returnTo"), `/orders/${id}`);
}

/** A refused change: the 404 page for an order this user cannot see, else a toast back where they were. */
function orderActionFailed(error: DomainError, args: OrderActionArgs) {
  throwIfNotFound(error);
  setToast(args.context, { type: "error", message: translateMessage(getI18nInstance(args.context).t, error.messageKey, error.values) });
  return redirect(returnTo(args));
}

/** The form's fields; the restock box is always answered (unticked sends nothing: no restock). */
function refundTyped(formData: FormData) {
  return { amount: String(formData.get("amount") ?? ""), reason: String(formData.get("reason") ?? ""), restock: formData.has("restock") };
}

/**
 * The seller moves the order on or refunds it (from the dialog or this page), then back
 * where they were. A refused refund answers this page with the errors and what was typed.
 */
export const action = formAction(async ({ request, params, context }) => ({
  viewer: await orderViewer(request, context),
  id: orderIdParam(params.orderId),
}))({
  refund: {
    errors: async (error, args) => {
      if (error instanceof NotFoundError || error instanceof ForbiddenError) return orderActionFailed(error, args);
      const { id, viewer } = args.guarded;
      const fieldErrors = error instanceof ValidationError ? error.fieldErrors : {};
      const formErrors = Object.keys(fieldErrors).length ? [] : [messageKey(error.messageKey, error.values)];
      const refundableCents = (await orderRefundSummaries([await getVisibleOrder(id, viewer)])).get(id)?.refundableCents ?? 0;
      return data({ refund: { fieldErrors, formErrors, values: refundTyped(args.formData), refundableCents } } satisfies RefundFormResult, {
        status: error.status,
      });
    },
    handle: async (args) => {
      const { order, userId } = await managedOrder(args);
      const input = parseInput(refundSchema, refundTyped(args.formData));
      const refund = await refundOrder(order.id, input, { userId, shopId: order.shopId });
      const t = getI18nInstance(args.context).t;
      setToast(args.context, {
        type: "success",
        message: t("refunds.done", {
          amount: formatMoney(refund.amountCents, order.currency, getLocale(args.context)),
          number: formatOrderNumber(order.number),
        }),
      });
      return redirect(returnTo(args));
    },
  },
  ship: {
    errors: (error, args) => {
      if (error instanceof NotFoundError || error instanceof ForbiddenError) return orderActionFailed(error, args);
      return shipFormRefused(error, args.formData);
    },
    handle: async (args) => {
      const { order, userId } = await managedOrder(args);
      const shipment = parseInput(shipmentSchema, shipmentTyped(args.formData));
      await shipOrder(order.id, order.shopId, shipment, { userId });
      setToast(args.context, {
        type: "success",
        message: getI18nInstance(args.context).t("fulfillment.shipped_toast", { number: formatOrderNumber(order.number) }),
      });
      return redirect(returnTo(args));
    },
  },
  "change-status": {
    errors: orderActionFailed,
    handle: async (args) => {
      const { order, userId } = await managedOrder(args);
      const t = getI18nInstance(args.context).t;
      const status = String(args.formData.get("status"));
      if (!(ORDER_STATUSES as readonly string[]).includes(status)) throw data({ message: t("errors.unknown_action") }, { status: 400 });
      const updated = await changeOrderStatus(order.id, status as OrderStatus, { userId, shopId: order.shopId });
      setToast(args.context, {
        type: "success",
        message: t("orders.actions.changed", { number: formatOrderNumber(updated.number), status: t(`orders.status.${updated.status}`) }),
      });
      return redirect(returnTo(args));
    },
  },
});

export default function OrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order, sellerView, confirmCancel } = loaderData;
  return (
    <section className="container-page max-w-3xl py-10">
      <BackLink to="/orders">{t("orders.back_to_list")}</BackLink>
      <h1 className="mt-4 text-2xl font-bold">{t("orders.detail.title", { number: order.number })}</h1>
      <div className="mt-6 rounded-xl border border-border bg-white p-6 shadow-sm">
        <OrderDetail order={order} sellerView={sellerView}>
          {sellerView ? (
            <SellerOrderTools
              order={order}
              page={{
                confirmingCancel: confirmCancel,
                refundResult: actionData && "refund" in actionData ? actionData : null,
                shipResult: actionData && "ship" in actionData ? actionData : null,
              }}
            />
          ) : null}
        </OrderDetail>
      </div>
    </section>
  );
}
