import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/product-edit";
import { ProductForm } from "~/components/catalogue/product-form";
import { buttonClasses } from "~/components/ui/button";
import { createProduct, getSellerProduct, updateProduct } from "~/domain/catalogue/manage.server";
import { listShopCategories } from "~/domain/catalogue/products.server";
import { singleFormAction } from "~/http/forms.server";
import { notFoundPage, orNotFound, requireSellerPage } from "~/http/guards.server";
import { formFieldsAndFile } from "~/http/multipart.server";
import { centsToDecimalString } from "~/lib/money";
import { parsePathId } from "~/lib/path-id";
import { getI18nInstance } from "~/middleware/i18n.server";
import { productInputSchema } from "~/schemas/catalogue-admin";
import { StockHistoryLink } from "~/components/stock/product-stock";

/** /dashboard/products/new and /dashboard/products/{id}: the product form. */
function productIdParam(value: string | undefined): number | null {
  if (value === "new") return null;
  const id = parsePathId(value);
  if (id === null) throw notFoundPage();
  return id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { shop } = await requireSellerPage(request, context);
  const id = productIdParam(params.productId);
  const t = getI18nInstance(context).t;
  let initial = { name: "", description: "", price: "", category: "", is_in_stock: true, imageUrl: null as string | null };
  if (id !== null) {
    const product = await orNotFound(getSellerProduct(shop.id, id));
    initial = {
      name: product.name,
      description: product.description,
      price: centsToDecimalString(product.priceCents),
      category: product.categorySlug ?? "",
      is_in_stock: product.isInStock,
      imageUrl: product.imagePath,
    };
  }
  return {
    isNew: id === null,
    initial,
    categories: await listShopCategories(shop.id),
    title: t(id === null ? "catalogue.admin.new_title" : "catalogue.admin.edit_title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export const action = singleFormAction(async ({ request, params, context }) => ({
  shop: (await requireSellerPage(request, context)).shop,
  id: productIdParam(params.productId),
}))({
  errors: "form",
  handle: async ({ guarded: { shop, id }, formData, parse, context }) => {
    // An unchecked box sends nothing: that means "not in stock" here.
    if (!formData.has("is_in_stock")) formData.set("is_in_stock", "false");
    const { file } = await formFieldsAndFile(formData, "image");
    const input = parse(productInputSchema);
    if (id === null) await createProduct(shop.id, input, file);
    else await updateProduct(shop.id, id, input, file);
    setToast(context, {
      type: "success",
      message: getI18nInstance(context).t(id === null ? "catalogue.admin.created" : "catalogue.admin.updated"),
    });
    return redirect("/dashboard/products");
  },
});

export default function ProductEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="container-page max-w-3xl py-10">
      <Link to="/dashboard/products" className={buttonClasses("ghost", "sm", "-ml-3")}>
        ← {t("catalogue.admin.back")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{loaderData.title}</h1>
      {loaderData.isNew ? null : <StockHistoryLink />}
      <div className="mt-6 rounded-xl border border-border bg-white p-6 shadow-sm">
        <ProductForm initial={loaderData.initial} categories={loaderData.categories} lastResult={actionData} />
      </div>
    </section>
  );
}
