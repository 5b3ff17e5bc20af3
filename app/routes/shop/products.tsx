import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/products";
import { ProductCard, ProductCardSkeleton } from "~/components/catalogue/product-card";
import { AddToBagForm } from "~/components/bag/add-to-bag";
import { ErrorReference } from "~/components/request-id";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { SearchInput } from "~/components/ui/search-input";
import { Spinner } from "~/components/ui/spinner";
import { listShopCategories, listShopProducts } from "~/domain/catalogue/products.server";
import { shopperStocks } from "~/domain/stock/shopper-stock.server";
import { shopPageMeta } from "~/routes/page-meta.server";
import { cx } from "~/lib/class-names";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { hostShopPage, siteUrl } from "~/middleware/site.server";
import { catalogueScreenQuerySchema, MAX_CATALOGUE_PAGES, searchParamsObject } from "~/schemas/catalogue";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = hostShopPage(context);
  const url = new URL(request.url);
  const query = catalogueScreenQuerySchema.parse(searchParamsObject(url.searchParams));
  const { items, count } = await listShopProducts(shop.id, query, { throughPage: true });
  // The stock of the whole page at once: "Sold out", "Only 2 left", "from €X".
  const stock = await shopperStocks(items);
  return {
    products: items.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      imageUrl: p.imagePath,
      isInStock: p.isInStock,
      stock: stock.get(p.id)!,
    })),
    count,
    page: query.page,
    hasNext: query.page * query.pageSize < count && query.page < MAX_CATALOGUE_PAGES,
    categories: await listShopCategories(shop.id),
    category: query.categorySlug ?? "",
    search: query.search ?? "",
    currency: shop.currency,
    meta: shopPageMeta(getI18nInstance(context).t, shop, url, siteUrl(context)),
  };
}

// This route has its own error boundary: when its loader failed, keep the root's default title.
export const meta: Route.MetaFunction = ({ data, matches }) => (data ? metaDescriptors(data.meta) : (matches[0]?.meta ?? []));

function hrefWith(params: { category?: string; search?: string; page?: number }) {
  const search = new URLSearchParams();
  if (params.category) search.set("category", params.category);
  if (params.search) search.set("search", params.search);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const query = search.toString();
  return query ? `?${query}` : "?";
}

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { products, count, page, hasNext, categories, category, search, currency } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const [query, setQuery] = useState(search);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The searches this page sent as the shopper typed, the last one last; emptied once its answer
  // is shown.
  const [sentSearches, setSentSearches] = useState<readonly string[]>([]);
  // A new search from the URL (back, a link) replaces what was typed; the answer to one of the
  // shopper's own searches does not: they may have typed on while it loaded ("cand" coming back
  // while "candle" is in the box, even after "candle" was sent), and the box would lose those
  // letters.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    if (!sentSearches.includes(search)) {
      setQuery(search);
      setSentSearches([]);
    }
  }
  if (sentSearches.length > 0 && search === sentSearches.at(-1) && navigation.state === "idle") setSentSearches([]);

  const pending = navigation.state === "loading" && navigation.location.pathname === "/products";
  const nextParams = pending ? new URLSearchParams(navigation.location.search) : null;
  const filtersChanging =
    nextParams !== null && ((nextParams.get("category") ?? "") !== category || (nextParams.get("search") ?? "") !== search);
  const loadingMore = pending && !filtersChanging;

  function onSearchChange(value: string, form: HTMLFormElement) {
    setQuery(value);
    clearTimeout(debounce.current);
    // Search as the shopper types; the page goes back to 1 (spec section 4).
    debounce.current = setTimeout(() => {
      const sent = value.trim();
      setSentSearches((earlier) => [...earlier.filter((s) => s !== sent), sent]);
      void submit(form, { replace: true, preventScrollReset: true });
    }, 300);
  }

  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold tracking-tight">{t("catalogue.title")}</h1>

      <div className="mt-6 flex flex-col gap-4 lg:flex-row lg:items-start">
        <nav aria-label={t("catalogue.categories")} className="lg:w-56 lg:shrink-0">
          <h2 className="mb-2 text-sm font-semibold">{t("catalogue.categories")}</h2>
          <ul className="flex flex-wrap gap-2 lg:flex-col">
            {[{ slug: "", name: t("catalogue.all_categories") }, ...categories].map((c) => (
              <li key={c.slug || "all"}>
                <Link
                  to={hrefWith({ category: c.slug, search })}
                  preventScrollReset
                  aria-current={c.slug === category ? "page" : undefined}
                  className={cx(
                    "block rounded-lg border px-3 py-1.5 text-sm",
                    c.slug === category ? "border-transparent font-semibold" : "border-black/10 bg-white text-slate-700 hover:bg-slate-50",
                  )}
                  style={c.slug === category ? { backgroundColor: "var(--shop-primary)", color: "var(--shop-on-primary)" } : undefined}
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 flex-1">
          <Form method="get" role="search" className="flex gap-2" onSubmit={() => clearTimeout(debounce.current)}>
            {category ? <input type="hidden" name="category" value={category} /> : null}
            <label htmlFor="catalogue-search" className="sr-only">
              {t("catalogue.search_label")}
            </label>
            <SearchInput
              id="catalogue-search"
              wrapperClassName="flex-1"
              value={query}
              onChange={(e) => onSearchChange(e.target.value, e.currentTarget.form!)}
              placeholder={t("catalogue.search_placeholder")}
              className="h-10 w-full rounded-lg border border-black/15 bg-white pr-3 text-sm text-slate-900"
            />
            <button type="submit" className={buttonClasses("outline", "md")}>
              {t("catalogue.search_button")}
            </button>
          </Form>

          <p className="mt-4 text-sm text-slate-600" aria-live="polite" data-testid="catalogue-count">
            {/* The plural ("product"/"products") follows the total. */}
            {t("catalogue.count", { count, shown: products.length, total: count })}
          </p>

          {filtersChanging ? (
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t("catalogue.loading")}>
              {Array.from({ length: 8 }, (_, i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))}
            </ul>
          ) : products.length === 0 ? (
            <div className="mt-10 rounded-xl border border-dashed border-black/15 bg-white p-10 text-center text-slate-700">
              <p className="text-lg font-semibold">{t("catalogue.empty_title")}</p>
              <p className="mt-1 text-sm text-slate-500">{t("catalogue.empty_hint")}</p>
            </div>
          ) : (
            <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-grid">
              {products.map((product) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    currency={currency}
                    action={
                      product.stock.waitlist ? (
                        // Sold out: the checkout link says so and takes an email for when it is back.
                        <Link
                          to={`/?product_id=${product.id}`}
                          className="mt-2 inline-flex h-9 items-center justify-center rounded-lg border border-black/15 px-3 text-sm font-medium text-slate-800"
                          aria-label={t("stock_shop.waitlist.link_product", { name: product.name })}
                          data-testid="waitlist-link"
                        >
                          {t("stock_shop.waitlist.link")}
                        </Link>
                      ) : product.isInStock ? (
                        <div className="mt-2 flex flex-wrap items-start gap-2">
                          <Link
                            to={`/?product_id=${product.id}`}
                            className="inline-flex h-9 items-center justify-center rounded-lg px-3 text-sm font-medium"
                            style={{ backgroundColor: "var(--shop-primary)", color: "var(--shop-on-primary)" }}
                            aria-label={t("catalogue.buy_product", { name: product.name })}
                          >
                            {t("catalogue.buy")}
                          </Link>
                          {/* A product with options is added from its page, once one is picked. */}
                          {product.stock.hasOptions ? (
                            <Link
                              to={`/?product_id=${product.id}`}
                              className="inline-flex h-9 items-center justify-center rounded-lg border border-black/15 bg-white px-3 text-sm font-medium text-slate-900"
                              aria-label={t("bag.choose_options_product", { name: product.name })}
                            >
                              {t("bag.choose_options")}
                            </Link>
                          ) : (
                            <AddToBagForm productId={product.id} productName={product.name} />
                          )}
                        </div>
                      ) : (
                        // Sold out: the card says so where "Buy now" would be, and links nowhere.
                        <span
                          className="mt-2 inline-flex h-9 items-center justify-center rounded-lg border border-dashed border-slate-300 px-3 text-sm font-medium text-slate-600"
                          data-testid="sold-out"
                        >
                          {t("purchase.sold_out_action")}
                        </span>
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          )}

          {hasNext && !filtersChanging ? (
            <div className="mt-8 flex justify-center">
              <Link
                to={hrefWith({ category, search, page: page + 1 })}
                preventScrollReset
                replace
                className={buttonClasses("outline", "lg")}
                aria-disabled={loadingMore || undefined}
              >
                {loadingMore ? <Spinner className="size-4" /> : null}
                {loadingMore ? t("catalogue.loading") : t("catalogue.load_more")}
              </Link>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold tracking-tight">{t("catalogue.title")}</h1>
      <Alert tone="danger" className="mt-6" title={t("catalogue.load_failed")}>
        <Link to="/products" reloadDocument className="font-medium underline">
          {t("common.retry")}
        </Link>
      </Alert>
      <ErrorReference />
    </div>
  );
}
