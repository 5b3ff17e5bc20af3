import { and, eq } from "drizzle-orm";
import { getDatabase } from "~db/client";
import { shops, type Shop } from "~db/schema";

/** A shop answers on its subdomain only when it exists and is live. */
export function findLiveShopBySubdomain(subdomain: string): Shop | undefined {
  return getDatabase()
    .select()
    .from(shops)
    .where(and(eq(shops.subdomain, subdomain.toLowerCase()), eq(shops.isLive, true)))
    .get();
}

/** What a shop page needs to wear the shop's look. Seller text is escaped by React. */
export type ShopBranding = {
  id: number;
  name: string;
  subdomain: string;
  description: string;
  logoUrl: string | null;
  currency: string;
  colors: { primary: string; secondary: string; background: string; text: string };
  bannerText: string;
  customCss: string;
};

export function shopBranding(shop: Shop, language: "en" | "fr"): ShopBranding {
  return {
    id: shop.id,
    name: shop.name,
    subdomain: shop.subdomain,
    description: shop.description,
    logoUrl: shop.logoPath,
    currency: shop.currency,
    colors: {
      primary: shop.primaryColor,
      secondary: shop.secondaryColor,
      background: shop.backgroundColor,
      text: shop.textColor,
    },
    bannerText: (language === "fr" ? shop.checkoutBannerTextFr : shop.checkoutBannerTextEn) || shop.checkoutBannerTextEn,
    customCss: shop.customCss,
  };
}
