import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/products";
import { CsrfInput } from "~/components/forms/csrf-input";
import { IntentButton } from "~/components/forms/intent-button";
import { inputClasses } from "~/components/forms/fields";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ImageIcon } from "~/components/ui/icons";
import { Table } from "~/components/ui/table";
import { ProductStockSummary, WaitingCount } from "~/components/stock/product-stock";
import {
  createCategory,
  deleteCategory,
  deleteProduct,
  listCategoriesWithCounts,
  restoreProduct,
  updateCategory,
} from "~/domain/catalogue/manage.server";
import { sellerProductsWithStock } from "~/domain/stock/seller-stock.server";
import { cx } from "~/lib/class-names";
import { formatMoney } from "~/lib/money";
import { getI18nInstance } from "~/middleware/i18n.server";
import { parseInput } from "~/http/api.server";
import { formAction, formRecordId } from "~/http/forms.server";
import { requireSellerPage } from "~/http/guards.server";
import { categoryInputSchema } from "~/schemas/catalogue-admin";

/**
 * /dashboard/products: the seller's catalogue (products with their stock, and categories);
 * `?stock=low` keeps the products with a tracked variant at the shop's threshold or below.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop } = await requireSellerPage(request, context);
  const t = getI18nInstance(context).t;
  const lowStock = new URL(request.url).searchParams.get("stock") === "low";
  const list = await sellerProductsWithStock(shop.id, { lowStock });
  return {
    products: list.products.map((p) => ({
      id: p.id,
      name: p.name,
      code: p.code,
      priceCents: p.priceCents,
      imageUrl: p.imagePath,
      isInStock: p.isInStock,
      archived: p.archivedAt !== null,
      ordered: p.ordered,
      categoryName: p.categoryName,
      stock: p.stock,
    })),
    lowStock,
    lowCount: list.lowCount,
    liveCount: list.liveCount,
    threshold: shop.lowStockThreshold,
    categories: await listCategoriesWithCounts(shop.id),
    currency: shop.currency,
    shopUrl: `/products`,
    title: t("catalogue.admin.title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

/** Saved: a toast, then the list again. */
function done(context: Route.ActionArgs["context"], messageKey: string) {
  setToast(context, { type: "success", message: getI18nInstance(context).t(messageKey) });
  return redirect("/dashboard/products");
}

/** The category form's input; its first error shows in place, like a refused save. */
function categoryInput(form: FormData) {
  return parseInput(categoryInputSchema, { name: form.get("name") ?? "", slug: form.get("slug") || undefined });
}

export const action = formAction(async ({ request, context }) => (await requireSellerPage(request, context)).shop)({
  "delete-product": {
    errors: "message",
    handle: async ({ guarded: shop, formData, context }) => {
      const { archived } = await deleteProduct(shop.id, formRecordId(formData, "productId"));
      return done(context, archived ? "catalogue.admin.archived" : "catalogue.admin.deleted");
    },
  },
  "restore-product": {
    errors: "message",
    handle: async ({ guarded: shop, formData, context }) => {
      await restoreProduct(shop.id, formRecordId(formData, "productId"));
      return done(context, "catalogue.admin.restored");
    },
  },
  "create-category": {
    errors: "message",
    handle: async ({ guarded: shop, formData, context }) => {
      await createCategory(shop.id, categoryInput(formData));
      return done(context, "catalogue.admin.category_saved");
    },
  },
  "rename-category": {
    errors: "message",
    handle: async ({ guarded: shop, formData, context }) => {
      await updateCategory(shop.id, String(formData.get("currentSlug")), categoryInput(formData));
      return done(context, "catalogue.admin.category_saved");
    },
  },
  "delete-category": {
    errors: "message",
    handle: async ({ guarded: shop, formData, context }) => {
      await deleteCategory(shop.id, String(formData.get("slug")));
      return done(context, "catalogue.admin.category_deleted");
    },
  },
});

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { products, categories, lowStock } = loaderData;
  const confirmDelete = (event: React.FormEvent) => {
    if (!window.confirm(t("catalogue.admin.confirm_delete"))) event.preventDefault();
  };
  return (
    <section className="container-page space-y-8 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{loaderData.title}</h1>
          <p className="mt-1 text-slate-600">{t("catalogue.admin.subtitle", { count: loaderData.liveCount })}</p>
        </div>
        <Link to="/dashboard/products/new" className={buttonClasses("primary")}>
          {t("catalogue.admin.new")}
        </Link>
      </div>
      {actionData?.error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}

      <StockFilter lowStock={lowStock} lowCount={loaderData.lowCount} />

      {products.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-slate-600" data-testid="products-empty">
          {lowStock ? t("stock_admin.filter.empty", { count: loaderData.threshold }) : t("catalogue.admin.empty")}
        </p>
      ) : (
        <Table
          caption={loaderData.title}
          testId="seller-products"
          compact
          rows={products}
          rowKey={(product) => product.id}
          rowProps={(product) => ({ className: product.archived ? "opacity-60" : undefined, "data-testid": "seller-product-row" })}
          columns={[
            {
              header: t("catalogue.admin.fields.image"),
              hideHeader: true,
              cell: (product) => (
                <div className="flex size-10 items-center justify-center overflow-hidden rounded bg-slate-100">
                  {product.imageUrl ? (
                    <img src={product.imageUrl} alt="" className="size-full object-cover" />
                  ) : (
                    <ImageIcon className="size-4 text-slate-400" />
                  )}
                </div>
              ),
            },
            {
              header: t("catalogue.admin.fields.name"),
              className: "font-medium",
              cell: (product) => (
                <>
                  {product.name} {product.archived ? <Badge tone="neutral">{t("catalogue.admin.archived_badge")}</Badge> : null}
                </>
              ),
            },
            {
              header: t("catalogue.admin.fields.code"),
              className: "font-mono font-semibold",
              cell: (product) => product.code ?? "—",
            },
            { header: t("catalogue.admin.fields.category"), cell: (product) => product.categoryName ?? "—" },
            {
              header: t("catalogue.admin.fields.price"),
              align: "right",
              className: "tabular-nums",
              cell: (product) => formatMoney(product.priceCents, loaderData.currency, i18n.language),
            },
            {
              header: t("catalogue.admin.stock"),
              cell: (product) => (
                <div className="space-y-1">
                  <ProductStockSummary stock={product.stock} />
                  {/* The seller's own switch: off, nothing sells whatever the count. */}
                  {product.isInStock ? null : <Badge tone="neutral">{t("catalogue.out_of_stock")}</Badge>}
                </div>
              ),
            },
            {
              header: t("stock_admin.list.waiting_header"),
              className: "tabular-nums",
              cell: (product) => <WaitingCount stock={product.stock} />,
            },
            {
              header: t("orders.columns.actions"),
              hideHeader: true,
              cell: (product) => (
                <div className="flex justify-end gap-2">
                  <Link
                    to={`/dashboard/products/${product.id}`}
                    className={buttonClasses("outline", "sm")}
                    aria-label={t("catalogue.admin.edit_named", { name: product.name })}
                  >
                    {t("catalogue.admin.edit")}
                  </Link>
                  <Link
                    to={`/dashboard/products/${product.id}/stock`}
                    className={buttonClasses("ghost", "sm")}
                    aria-label={t("stock_admin.history.link_named", { name: product.name })}
                  >
                    {t("stock_admin.history.link")}
                  </Link>
                  <IntentButton
                    intent={product.archived ? "restore-product" : "delete-product"}
                    fields={{ productId: product.id }}
                    variant="ghost"
                    label={t(product.archived ? "catalogue.admin.restore_named" : "catalogue.admin.delete_named", { name: product.name })}
                    onSubmit={product.archived ? undefined : confirmDelete}
                  >
                    {product.archived
                      ? t("catalogue.admin.restore")
                      : product.ordered
                        ? t("catalogue.admin.archive")
                        : t("catalogue.admin.delete")}
                  </IntentButton>
                </div>
              ),
            },
          ]}
        />
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t("catalogue.admin.categories")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <ul className="divide-y divide-border" data-testid="seller-categories">
            {categories.map((category) => (
              <li key={category.id} className="flex flex-wrap items-center gap-2 py-2">
                <Form method="post" className="flex flex-1 flex-wrap items-center gap-2">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="rename-category" />
                  <input type="hidden" name="currentSlug" value={category.slug} />
                  <label className="sr-only" htmlFor={`category-${category.id}`}>
                    {t("catalogue.admin.category_name")}
                  </label>
                  <input
                    id={`category-${category.id}`}
                    name="name"
                    defaultValue={category.name}
                    required
                    maxLength={60}
                    className={`${inputClasses} max-w-56`}
                  />
                  <span className="text-xs text-slate-500">
                    /{category.slug} · {t("catalogue.admin.category_count", { count: category.products })}
                  </span>
                  <Button type="submit" variant="outline" size="sm">
                    {t("catalogue.admin.rename")}
                  </Button>
                </Form>
                <IntentButton
                  intent="delete-category"
                  fields={{ slug: category.slug }}
                  variant="ghost"
                  label={t("catalogue.admin.delete_named", { name: category.name })}
                >
                  {t("catalogue.admin.delete")}
                </IntentButton>
              </li>
            ))}
          </ul>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <CsrfInput />
            <input type="hidden" name="intent" value="create-category" />
            <div>
              <label htmlFor="new-category-name" className="mb-1 block text-sm font-medium">
                {t("catalogue.admin.category_name")}
              </label>
              <input id="new-category-name" name="name" required maxLength={60} className={inputClasses} />
            </div>
            <div>
              <label htmlFor="new-category-slug" className="mb-1 block text-sm font-medium">
                {t("catalogue.admin.category_slug")}
              </label>
              <input id="new-category-slug" name="slug" maxLength={60} pattern="[a-z0-9]+(-[a-z0-9]+)*" className={inputClasses} />
            </div>
            <Button type="submit">{t("catalogue.admin.add_category")}</Button>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}

/** All products, or only those low on stock: links, so the filter works without JavaScript. */
function StockFilter({ lowStock, lowCount }: { lowStock: boolean; lowCount: number }) {
  const { t } = useTranslation();
  const link = (active: boolean) =>
    cx("rounded-lg px-3 py-2 text-sm font-medium", active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-black/5");
  return (
    <nav aria-label={t("stock_admin.filter.label")} className="flex flex-wrap gap-2" data-testid="stock-filter">
      <Link to="/dashboard/products" aria-current={lowStock ? undefined : "page"} className={link(!lowStock)}>
        {t("stock_admin.filter.all")}
      </Link>
      <Link to="/dashboard/products?stock=low" aria-current={lowStock ? "page" : undefined} className={link(lowStock)}>
        {t("stock_admin.filter.low", { count: lowCount })}
      </Link>
    </nav>
  );
}
