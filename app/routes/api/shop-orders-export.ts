import { orderQueryFromUrl } from "~/routes/orders/orders-page.server";
import { ordersCsv } from "~/domain/orders/orders-csv.server";
import { apiResource } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";

/** GET /api/v1/shop/orders/export/?view=&status=&payment_status=&search=: the seller's orders as CSV (the list's rule: paid orders unless view or payment_status says otherwise). */
const api = apiResource({
  async GET({ request, context }) {
    const { shop } = await requireSeller(context);
    const { status, payment_status, view, search } = orderQueryFromUrl(new URL(request.url));
    const csv = await ordersCsv({ kind: "seller", shopId: shop.id }, { status, payment_status, view, search });
    const date = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="orders-${date}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export const loader = api.loader;
export const action = api.action;
