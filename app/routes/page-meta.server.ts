import type { TFunction } from "i18next";
import { getConfig, mainSiteUrl } from "~/config.server";
import type { Shop } from "~db/schema";
import { ACCEPTED_CURRENCIES, DEFAULT_SHARE_IMAGE, PAYMENT_TYPES, type PageMeta } from "~/lib/page-meta";

/** Page types with their own metadata (spec section 1). */
export type PageType =
  | "home"
  | "seller_registration"
  | "shop_customization"
  | "dashboard"
  | "about"
  | "contact"
  | "terms"
  | "privacy"
  | "legal_notice"
  | "account"
  | "product"
  | "pricing"
  | "orders";

/** Translated metadata for a main-site page, with the share image and structured data. */
export function mainPageMeta(t: TFunction, page: PageType, url: URL): PageMeta {
  const base = mainSiteUrl(getConfig());
  const pageUrl = `${base}${url.pathname}`;
  return {
    title: t(`meta.${page}.title`),
    description: t(`meta.${page}.description`),
    keywords: t("meta.keywords"),
    image: `${base}${DEFAULT_SHARE_IMAGE}`,
    url: pageUrl,
    type: "website",
    author: t("brand.name"),
    structuredData: {
      "@context": "https://schema.org",
      "@type": "WebApplication",
      name: t("brand.name"),
      url: base,
      description: t(`meta.${page}.description`),
      applicationCategory: "BusinessApplication",
      currenciesAccepted: ACCEPTED_CURRENCIES.join(", "),
      paymentAccepted: PAYMENT_TYPES.join(", "),
      offers: { "@type": "Offer", price: "0", priceCurrency: "EUR" },
    },
  };
}

/**
 * Shop pages: "{shop_name} - Live Shopping"; the page's link is on the shop's address
 * (`siteUrl`: its primary domain when it has one), never the request's Host.
 */
export function shopPageMeta(t: TFunction, shop: Pick<Shop, "name" | "description">, url: URL, shopUrl: string): PageMeta {
  return {
    title: t("meta.shop.title", { shop_name: shop.name }),
    description: shop.description || t("meta.shop.description", { shop_name: shop.name }),
    url: `${shopUrl}${url.pathname}`,
    type: "website",
    author: shop.name,
  };
}
