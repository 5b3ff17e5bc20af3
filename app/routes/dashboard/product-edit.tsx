import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/product-edit";
import { ProductForm } from "~/components/catalogue/product-form";
import type { StockEditorData } from "~/components/catalogue/variant-editor";
import { createProduct, getSellerProduct, updateProduct } from "~/domain/catalogue/manage.server";
import { listShopCategories, withStock } from "~/domain/catalogue/products.server";
import { ValidationError } from "~/domain/errors.server";
import { changeStock } from "~/domain/stock/stock.server";
import { parseInput } from "~/http/api.server";
import { singleFormAction, type IntentArgs } from "~/http/forms.server";
import { notFoundPage, orNotFound, requireSellerPage } from "~/http/guards.server";
import { formFieldsAndFile } from "~/http/multipart.server";
import { messageKey, translateMessage } from "~/lib/messages";
import { centsToDecimalString } from "~/lib/money";
import { parsePathId } from "~/lib/path-id";
import { optionKey } from "~/lib/variant-options";
import { getI18nInstance } from "~/middleware/i18n.server";
import { StockHistoryLink } from "~/components/stock/product-stock";
import { productStockFields } from "~/schemas/catalogue-admin";
import { productFormPlan, productFormSchema } from "~/schemas/product-form";
import { stockChangeSchema } from "~/schemas/product-variants";
import { z } from "zod";
import { BackLink } from "~/components/ui/back-link";

/** /dashboard/products/new and /dashboard/products/{id}: the product form, its options, variants and stock. */
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
  let initial = { name: "", description: "", price: "", category: "", code: "", is_in_stock: true, imageUrl: null as string | null };
  let stock: StockEditorData = { productId: null, options: [], variants: [], single: null };
  if (id !== null) {
    const [product] = await withStock([await orNotFound(getSellerProduct(shop.id, id))]);
    initial = {
      name: product!.name,
      description: product!.description,
      price: centsToDecimalString(product!.priceCents),
      category: product!.categorySlug ?? "",
      code: product!.code ?? "",
      is_in_stock: product!.isInStock,
      imageUrl: product!.imagePath,
    };
    const variants = (product!.stock?.variants ?? []).map((v) => ({
      id: v.id,
      key: v.optionKey || optionKey(v.options),
      stock: v.stock,
      reserved: v.reserved,
      available: v.available,
      price: v.priceCents === null ? "" : centsToDecimalString(v.priceCents),
      sku: v.sku ?? "",
    }));
    const hasOptions = product!.options.length > 0;
    stock = {
      productId: product!.id,
      options: product!.options.map((o) => ({ name: o.name, values: o.values.join(", ") })),
      variants: hasOptions ? variants : [],
      single: hasOptions ? null : (variants[0] ?? null),
    };
  }
  return {
    isNew: id === null,
    initial,
    stock,
    categories: await listShopCategories(shop.id),
    title: t(id === null ? "catalogue.admin.new_title" : "catalogue.admin.edit_title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

/** The product form's save: its fields, options and grid of variants (create or update). */
async function saveProduct({ guarded: { shop, id, userId }, formData, parse, context }: ProductEditArgs) {
  // An unchecked box sends nothing: that means "not in stock" here.
  if (!formData.has("is_in_stock")) formData.set("is_in_stock", "false");
  const { file } = await formFieldsAndFile(formData, "image");
  const form = parse(productFormSchema);
  const current = id === null ? null : await getSellerProduct(shop.id, id);
  const plan = productFormPlan(form, { hasOptions: (current?.options.length ?? 0) > 0 });
  if (Object.keys(plan.errors).length > 0) throw new ValidationError("errors.validation", plan.errors);
  // Without JavaScript, new options first show their grid of variants; nothing is saved yet.
  if (plan.preview) throw new ValidationError("variants.editor.check_grid");
  const input = { ...plan.input, ...parseInput(z.object(productStockFields), plan.fields) };
  if (id === null) await createProduct(shop.id, input, file, userId);
  else await updateProduct(shop.id, id, input, file, userId);
  setToast(context, {
    type: "success",
    message: getI18nInstance(context).t(id === null ? "catalogue.admin.created" : "catalogue.admin.updated"),
  });
  return redirect("/dashboard/products");
}

/** The quick -/+ and "Set to" of a variant's stock (a fetcher with JavaScript, a plain post without). */
async function changeVariantStock({ guarded: { shop, id, userId }, formData, context }: ProductEditArgs) {
  if (id === null) throw notFoundPage();
  const field = (name: string) => formData.get(name) ?? undefined;
  const change = parseInput(stockChangeSchema, { variant: field("variant"), adjust: field("adjust"), set: field("set") });
  const figures = await changeStock(shop.id, id, change, userId);
  setToast(context, {
    type: "success",
    message: getI18nInstance(context).t("variants.editor.stock_changed", { stock: figures.stock, available: figures.available }),
  });
  return redirect(`/dashboard/products/${id}`);
}

type ProductEditArgs = IntentArgs<{ shop: { id: number }; userId: number; id: number | null }>;

/** A refused stock change, shown next to the variant it was about. */
export type StockChangeRefused = { stockError: { variant: string; message: string; set: string | null } };

// One action: the product form (no intent needed, as before) and the stock forms (intent "stock").
export const action = singleFormAction(async ({ request, params, context }) => {
  const seller = await requireSellerPage(request, context);
  return { shop: seller.shop, userId: seller.user.id, id: productIdParam(params.productId) };
})({
  errors: (error, args) => {
    if (args.intent !== "stock") return args.reply(error);
    const first = Object.values(error.fieldErrors)[0]?.[0];
    const message = translateMessage(getI18nInstance(args.context).t, first ?? messageKey(error.messageKey, error.values));
    // The "Set to" value typed comes back, so that a page drawn anew (no JavaScript) still shows it.
    const set = args.formData.get("set");
    const stockError = { variant: String(args.formData.get("variant") ?? ""), message, set: typeof set === "string" ? set : null };
    return data({ stockError } satisfies StockChangeRefused, {
      status: error.status,
    });
  },
  handle: (args) => (args.intent === "stock" ? changeVariantStock(args) : saveProduct(args)),
});

export default function ProductEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const stockRefused = actionData && "stockError" in actionData ? actionData.stockError : null;
  const lastResult = actionData && !("stockError" in actionData) ? actionData : null;
  return (
    <section className="container-page max-w-3xl py-10">
      <BackLink to="/dashboard/products">{t("catalogue.admin.back")}</BackLink>
      <h1 className="mt-4 text-2xl font-bold">{loaderData.title}</h1>
      {loaderData.isNew ? null : <StockHistoryLink />}
      <div className="mt-6 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <ProductForm
          initial={loaderData.initial}
          stock={loaderData.stock}
          categories={loaderData.categories}
          lastResult={lastResult}
          stockRefused={stockRefused}
        />
      </div>
    </section>
  );
}
