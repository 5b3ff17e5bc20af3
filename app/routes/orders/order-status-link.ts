import { data, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/order-status-link";
import { ForbiddenError } from "~/domain/errors.server";
import { getVisibleOrder } from "~/domain/orders/orders.server";
import { rotateOrderStatusLinks } from "~/domain/orders/status-links.server";
import { canManageOrder } from "~/domain/orders/visibility.server";
import { singleFormAction } from "~/http/forms.server";
import { isRecordId } from "~/lib/path-id";
import { safeRedirectPath } from "~/lib/redirect-path";
import { notFoundPage, throwIfNotFound } from "~/http/guards.server";
import { orderViewer } from "~/http/shopper.server";
import { translateMessage } from "~/lib/messages";
import { getI18nInstance } from "~/middleware/i18n.server";

function orderIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!isRecordId(id)) throw notFoundPage();
  return id;
}

/** Nothing to show here: the order's page has the button. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/orders/${orderIdParam(params.orderId)}`);
}

/** The seller revokes the order's status links; the shopper is mailed a new one. */
export const action = singleFormAction(async ({ request, params, context }) => ({
  id: orderIdParam(params.orderId),
  viewer: await orderViewer(request, context),
}))({
  errors: (error, { context }) => {
    throwIfNotFound(error);
    throw data({ message: translateMessage(getI18nInstance(context).t, error.messageKey, error.values) }, { status: error.status });
  },
  handle: async ({ guarded: { id, viewer }, formData, context }) => {
    const order = await getVisibleOrder(id, viewer);
    if (!canManageOrder(order, viewer)) throw new ForbiddenError("orders.errors.seller_only");
    const number = await rotateOrderStatusLinks(order.id, order.shopId);
    setToast(context, { type: "success", message: getI18nInstance(context).t("shopper_access.revoke.done", { number }) });
    return redirect(safeRedirectPath(formData.get("returnTo"), `/orders/${id}`));
  },
});
