import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { checkoutAccentStyle } from "~/components/checkout/checkout-submit";
import { buttonClasses } from "~/components/ui/button";
import { ImageIcon } from "~/components/ui/icons";
import { formatMoney } from "~/lib/money";
import type { LivePlatform } from "~/lib/live-platforms";
import type { ProductCardData } from "~/components/catalogue/product-card";
import { AddToBagForm } from "~/components/bag/add-to-bag";
import { StockBadge } from "~/components/stock/stock-label";
import { useRootData } from "~/components/site/root-data";

export type LiveSummary = {
  code: string;
  title: string;
  platform: LivePlatform;
  /** The pinned product as its card shows it; the live's stream updates its label and the waitlist (issue 27). */
  pinned: (Omit<ProductCardData, "stock"> & { code: string | null; stock: ProductCardData["stock"] & { waitlist: boolean } }) | null;
};

/** The live above its checkout: what the shopper is watching, and the product the seller pinned. */
export function LiveHeader({ live, currency, buying }: { live: LiveSummary; currency: string; buying: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mb-6 space-y-4" data-testid="live-header">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-white" />
          {t("lives.page.badge")}
        </span>
        <span className="font-semibold">{live.title}</span>
        <span className="opacity-80">· {t(`lives.platforms.${live.platform}`)}</span>
      </p>
      {live.pinned ? <PinnedProduct product={live.pinned} liveCode={live.code} currency={currency} buying={buying} /> : null}
      <LiveBagLink />
    </div>
  );
}

/**
 * Things put in the bag during the live: its checkout on the live's link (`?bag=1`), so that
 * the order is the live's like any other bought here.
 */
function LiveBagLink() {
  const { t } = useTranslation();
  const { bagCount } = useRootData();
  if (bagCount === 0) return null;
  return (
    <Link to="?bag=1" preventScrollReset className={buttonClasses("outline", "md")} data-testid="live-bag-checkout">
      {t("bag.checkout_live", { count: bagCount })}
    </Link>
  );
}

function PinnedProduct({
  product,
  liveCode,
  currency,
  buying,
}: {
  product: NonNullable<LiveSummary["pinned"]>;
  liveCode: string;
  currency: string;
  buying: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="pinned-title"
      className="flex gap-4 rounded-xl border border-black/10 bg-white p-3 text-slate-900 shadow-sm"
      data-testid="pinned-product"
    >
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:size-24">
        {product.imageUrl ? (
          <img src={product.imageUrl} alt="" width={96} height={96} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400">
            <ImageIcon className="size-8" />
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t("lives.page.pinned")}</p>
        {/* The code to type in the chat ("SOLD A7"), as large as on the stream. */}
        {product.code ? (
          <p className="text-4xl leading-tight font-black tracking-wide" data-testid="pinned-code">
            {t("lives.page.code", { code: product.code })}
          </p>
        ) : null}
        <h2 id="pinned-title" className="leading-snug font-semibold break-words">
          {product.name}
        </h2>
        <p className="text-lg font-bold" data-testid="pinned-price">
          {product.stock.hasOptions && product.stock.priceMinCents !== product.stock.priceMaxCents
            ? t("stock_shop.price_from", { price: formatMoney(product.stock.priceMinCents, currency, i18n.language) })
            : formatMoney(product.stock.priceMinCents, currency, i18n.language)}
        </p>
        {/* "Only 3 left" becomes "Sold out" as others buy: read out when it changes. */}
        <div aria-live="polite" data-testid="pinned-stock">
          {product.isInStock ? <StockBadge label={product.stock.label} /> : null}
        </div>
        {!product.isInStock ? (
          <p className="text-sm text-slate-700">{t("catalogue.out_of_stock")}</p>
        ) : product.stock.waitlist ? (
          // Sold out: its checkout (on the live's link) takes an email for when it is back.
          <Link
            to={`?product_id=${product.id}`}
            preventScrollReset
            className={buttonClasses("outline", "md", "mt-1 self-start")}
            aria-label={t("stock_shop.waitlist.link_product", { name: product.name })}
            data-testid="pinned-waitlist"
          >
            {t("stock_shop.waitlist.link")}
          </Link>
        ) : buying ? (
          <p className="text-sm text-slate-700">{t("lives.page.buying")}</p>
        ) : (
          <div className="mt-1 flex flex-wrap items-start gap-2">
            <Link
              to={`?product_id=${product.id}`}
              preventScrollReset
              className={buttonClasses("primary", "md")}
              style={checkoutAccentStyle}
            >
              {t("lives.page.buy", { name: product.name })}
            </Link>
            {/* Several things from the live in one order: a product with options is picked on its checkout, which adds it too. */}
            {product.stock.hasOptions ? null : <AddToBagForm productId={product.id} productName={product.name} liveCode={liveCode} />}
          </div>
        )}
      </div>
    </section>
  );
}

/** The live's link after the seller ended it: say so kindly, and lead to the shop. */
export function LiveEnded({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="container-page max-w-xl py-16 text-center" data-testid="live-ended">
      <h1 className="text-2xl font-bold">{t("lives.page.ended_title")}</h1>
      <p className="mt-2 opacity-80">{t("lives.page.ended_body", { title })}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/products" className={buttonClasses("primary")}>
          {t("lives.page.ended_shop")}
        </Link>
        <Link to="/orders" className={buttonClasses("outline")}>
          {t("lives.page.ended_orders")}
        </Link>
      </div>
    </section>
  );
}
