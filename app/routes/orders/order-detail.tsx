import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/order-detail";
import { OrderDetail } from "~/components/orders/order-detail";
import { buttonClasses } from "~/components/ui/button";
import { NotFoundError } from "~/domain/errors.server";
import { getVisibleOrder } from "~/domain/orders/orders.server";
import { orderView } from "~/domain/orders/order-view.server";
import { orderViewer } from "~/http/shopper.server";
import { getI18nInstance } from "~/middleware/i18n.server";

/** An order's detail page on the main site (the table's dialog, without JavaScript). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = orderViewer(request, context);
  const id = Number(params.orderId);
  try {
    if (!Number.isInteger(id) || id <= 0) throw new NotFoundError("orders.not_found");
    const order = getVisibleOrder(id, viewer);
    const view = orderView(order);
    return { order: view, sellerView: viewer.ownedShopId === order.shopId, title: getI18nInstance(context).t("orders.detail.title", { number: view.number }) };
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order, sellerView } = loaderData;
  return (
    <section className="container-page max-w-3xl py-10">
      <Link to="/orders" className={buttonClasses("ghost", "sm", "-ml-3")}>
        ← {t("orders.back_to_list")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{t("orders.detail.title", { number: order.number })}</h1>
      <div className="mt-6 rounded-xl border border-border bg-white p-6 shadow-sm">
        <OrderDetail order={order} sellerView={sellerView} />
      </div>
    </section>
  );
}
