import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/product-stock";
import { Pagination } from "~/components/orders/pagination";
import { ProductStockTable, StockHistoryTable } from "~/components/stock/stock-history";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { productStockHistory } from "~/domain/stock/seller-stock.server";
import { notFoundPage, orNotFound, requireSellerPage } from "~/http/guards.server";
import { parsePathId } from "~/lib/path-id";
import { getI18nInstance } from "~/middleware/i18n.server";
import { BackLink } from "~/components/ui/back-link";

/** `?page=`: a page number from 1 (anything else is the first page). */
function pageParam(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** /dashboard/products/{id}/stock: a product's stock now and its history, newest first. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { shop } = await requireSellerPage(request, context);
  const productId = parsePathId(params.productId);
  if (productId === null) throw notFoundPage();
  const history = await orNotFound(productStockHistory(shop.id, productId, pageParam(new URL(request.url))));
  return { ...history, title: getI18nInstance(context).t("stock_admin.history.title", { name: history.product.name }) };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export default function ProductStockPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { product, stock, entries, count, page, pageSize } = loaderData;
  return (
    <section className="container-page max-w-4xl space-y-6 py-10" data-testid="stock-history-page">
      <div>
        <BackLink to="/dashboard/products">{t("catalogue.admin.back")}</BackLink>
        <h1 className="mt-2 text-2xl font-bold tracking-tight break-words sm:text-3xl">{loaderData.title}</h1>
        <Link to={`/dashboard/products/${product.id}`} className="mt-1 inline-block text-sm font-medium text-brand-700 underline">
          {t("stock_admin.history.edit_product")}
        </Link>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("stock_admin.history.now")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ProductStockTable stock={stock} />
        </CardContent>
      </Card>
      <section aria-labelledby="stock-history-title" className="space-y-3">
        <h2 id="stock-history-title" className="text-xl font-semibold">
          {t("stock_admin.history.heading")}
        </h2>
        {count === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-slate-600" data-testid="stock-history-empty">
            {t("stock_admin.history.empty")}
          </p>
        ) : (
          <>
            <StockHistoryTable entries={entries} showVariant={stock?.hasOptions ?? false} />
            <Pagination page={page} pageSize={pageSize} count={count} />
          </>
        )}
      </section>
    </section>
  );
}
