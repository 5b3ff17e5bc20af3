import { data, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/order-status-link";
import { ForbiddenError, NotFoundError } from "~/domain/errors.server";
import { getVisibleOrder } from "~/domain/orders/orders.server";
import { rotateOrderStatusLinks } from "~/domain/orders/status-links.server";
import { canManageOrder } from "~/domain/orders/visibility.server";
import { safeRedirectPath } from "~/http/forms.server";
import { orderViewer } from "~/http/shopper.server";
import { translateMessage } from "~/lib/messages";
import { getI18nInstance } from "~/middleware/i18n.server";

function orderIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

/** Nothing to show here: the order's page has the button. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/orders/${orderIdParam(params.orderId)}`);
}

/** The seller revokes the order's status links; the shopper is mailed a new one. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getI18nInstance(context).t;
  const id = orderIdParam(params.orderId);
  const viewer = orderViewer(request, context);
  const form = await request.formData();
  const returnTo = safeRedirectPath(form.get("returnTo"), `/orders/${id}`);
  try {
    const order = getVisibleOrder(id, viewer);
    if (!canManageOrder(order, viewer)) throw new ForbiddenError("orders.errors.seller_only");
    const number = rotateOrderStatusLinks(order.id, order.shopId);
    setToast(context, { type: "success", message: t("shopper_access.revoke.done", { number }) });
    return redirect(returnTo);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    if (error instanceof ForbiddenError) throw data({ message: translateMessage(t, error.messageKey) }, { status: 403 });
    throw error;
  }
}
