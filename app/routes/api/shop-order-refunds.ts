import type { RouterContextProvider } from "react-router";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "~/domain/errors.server";
import { orderRefundSummaries, refundOrder, refundResource, refundSummaryResource } from "~/domain/payments/refunds.server";
import { getVisibleOrder } from "~/domain/orders/orders.server";
import { canManageOrder } from "~/domain/orders/visibility.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { orderViewer } from "~/http/shopper.server";
import { parsePathId } from "~/lib/path-id";
import { refundSchema } from "~/schemas/refunds";

/**
 * /api/v1/shop/orders/{id}/refunds/: the seller lists an order's refunds (GET) or refunds
 * some or all of what remains (POST {amount, reason}), whatever the order's status.
 */
async function sellerOrder(request: Request, id: string | undefined, context: Readonly<RouterContextProvider>) {
  const orderId = parsePathId(id);
  if (orderId === null) throw new NotFoundError("orders.not_found");
  const viewer = await orderViewer(request, context);
  if (!viewer.user) throw new UnauthorizedError("errors.unauthenticated");
  const order = await getVisibleOrder(orderId, viewer);
  if (!canManageOrder(order, viewer)) throw new ForbiddenError("orders.errors.seller_only");
  return { order, viewer, userId: viewer.user.id };
}

const api = apiResource({
  async GET({ request, params, context }) {
    const { order } = await sellerOrder(request, params.id, context);
    return refundSummaryResource((await orderRefundSummaries([order])).get(order.id), order.currency);
  },
  async POST({ request, params, context }) {
    const { order, viewer, userId } = await sellerOrder(request, params.id, context);
    const input = parseInput(refundSchema, await readJsonBody(request));
    const refund = await refundOrder(order.id, input, { userId, shopId: order.shopId });
    const updated = await getVisibleOrder(order.id, viewer);
    const summary = (await orderRefundSummaries([updated])).get(order.id);
    const entry = summary?.refunds.find((r) => r.id === refund.id) ?? {
      id: refund.id,
      amountCents: refund.amountCents,
      reason: refund.reason,
      status: refund.status,
      failureReason: null,
      at: refund.createdAt.toISOString(),
      by: null,
    };
    return Response.json(
      {
        ...refundResource(entry, order.currency),
        order: { id: order.id, payment_status: updated.paymentStatus, ...refundSummaryResource(summary, order.currency) },
      },
      { status: 201 },
    );
  },
});

export const loader = api.loader;
export const action = api.action;
