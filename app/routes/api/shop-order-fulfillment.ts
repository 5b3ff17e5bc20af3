import { ForbiddenError, NotFoundError, UnauthorizedError } from "~/domain/errors.server";
import { shipOrder } from "~/domain/orders/fulfillment.server";
import { getVisibleOrder, orderResource } from "~/domain/orders/orders.server";
import { canManageOrder } from "~/domain/orders/visibility.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { orderViewer } from "~/http/shopper.server";
import { parsePathId } from "~/lib/path-id";
import { shipmentSchema } from "~/schemas/fulfillment";

/**
 * POST /api/v1/shop/orders/{id}/fulfillment/ {carrier, tracking_number}: the seller ships the
 * order (from processing, or pending once paid) and the shopper is mailed the tracking link.
 * Answers the order, with its `fulfillment`.
 */
const api = apiResource({
  async POST({ request, params, context }) {
    const id = parsePathId(params.id);
    if (id === null) throw new NotFoundError("orders.not_found");
    const viewer = await orderViewer(request, context);
    if (!viewer.user) throw new UnauthorizedError("errors.unauthenticated");
    const order = await getVisibleOrder(id, viewer);
    if (!canManageOrder(order, viewer)) throw new ForbiddenError("orders.errors.seller_only");
    const shipment = parseInput(shipmentSchema, await readJsonBody(request));
    await shipOrder(order.id, order.shopId, shipment, { userId: viewer.user.id });
    return orderResource(await getVisibleOrder(id, viewer));
  },
});

export const loader = api.loader;
export const action = api.action;
