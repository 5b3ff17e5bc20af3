import { useTranslation } from "react-i18next";
import type { Route } from "./+types/orders";
import { LoginButton } from "~/components/auth/login-dialog";
import { OrderTable } from "~/components/orders/order-table";
import { OrderViewTabs } from "~/components/orders/order-view-tabs";
import { Pagination } from "~/components/orders/pagination";
import { ShopperAccessCard } from "~/components/orders/shopper-access-card";
import { SellerOrderTools } from "~/components/orders/seller-order-tools";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { ErrorReference } from "~/components/request-id";
import { mainPageMeta, shopPageMeta } from "~/routes/page-meta.server";
import { ordersPageData } from "~/routes/orders/orders-page.server";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { requireUserPage } from "~/http/guards.server";
import { siteContext, siteUrl } from "~/middleware/site.server";

/**
 * /orders on both sites (see ordersPageData for who sees what). On the main site it is a
 * signed-in screen (visitors go to the login page); a shop's shopper needs no account.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getI18nInstance(context).t;
  const url = new URL(request.url);
  const site = context.get(siteContext);
  if (site.kind === "main") requireUserPage(request, context);
  const meta = site.kind === "shop" ? shopPageMeta(t, site.shop, url, siteUrl(context)) : mainPageMeta(t, "orders", url);
  return { ...(await ordersPageData(request, context)), meta };
}

// This route has its own error boundary: when its loader failed, keep the root's default title.
export const meta: Route.MetaFunction = ({ data, matches }) => (data ? metaDescriptors(data.meta) : (matches[0]?.meta ?? []));

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { audience, orders, count, page, pageSize, filters, view, viewCounts, provenEmails } = loaderData;
  const exportParams = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
  const exportQuery = exportParams.size ? `?${exportParams.toString()}` : "";
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t(`orders.title.${audience}`)}</h1>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="opacity-80">
          {audience === "seller" ? t(`order_views.subtitle.${view}`, { count }) : t(`orders.subtitle.${audience}`, { count })}
        </p>
        {audience === "seller" ? (
          <a href={`/api/v1/shop/orders/export/${exportQuery}`} className={buttonClasses("outline", "sm")} download>
            {t("orders.export_csv")}
          </a>
        ) : null}
      </div>
      {viewCounts ? <OrderViewTabs view={view} counts={viewCounts} /> : null}
      {audience === "visitor" ? (
        <div className="mt-6 space-y-4">
          <p>{t("account.logged_out")}</p>
          <LoginButton destination="here" />
        </div>
      ) : (
        <div className="mt-6">
          {audience === "shopper" ? <ShopperAccessCard emails={provenEmails} /> : null}
          <OrderTable
            orders={orders}
            filters={filters}
            sellerView={audience === "seller"}
            showShop={audience === "client"}
            detailHref={(order) => (audience === "shopper" ? `/order-confirmation/${order.id}` : `/orders/${order.id}`)}
            renderDetailExtras={audience === "seller" ? (order) => <SellerOrderTools order={order} /> : undefined}
          />
          <Pagination page={page} pageSize={pageSize} count={count} />
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("orders.title.client")}</h1>
      <Alert tone="danger" className="mt-6" title={t("orders.load_failed")}>
        <a href="" className="font-medium underline">
          {t("common.retry")}
        </a>
      </Alert>
      <ErrorReference />
    </section>
  );
}
