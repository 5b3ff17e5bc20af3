import { and, eq } from "drizzle-orm";
import { getDatabase } from "~db/client";
import { sellerProfiles, shops, type Shop } from "~db/schema";
import { shopPalette, type ShopPalette } from "~/lib/shop-theme";
import { sanitizeCustomCss } from "./custom-css.server";

/** The class that scopes a shop's custom CSS to its own pages. */
export const CUSTOM_CSS_SCOPE = ".shop-custom-css";

/** The shop a seller owns (one per seller), live or not. */
export async function findShopOwnedBy(userId: number): Promise<Shop | undefined> {
  const [shop] = await getDatabase().select().from(shops).where(eq(shops.ownerId, userId)).limit(1);
  return shop;
}

/**
 * The name of a shop that is registered but not live yet (its seller is under review or
 * still onboarding), so its address can say "opening soon" rather than "never created".
 * A shop whose seller was rejected is not announced.
 */
export async function findShopOpeningSoon(subdomain: string): Promise<{ name: string } | undefined> {
  const [row] = await getDatabase()
    .select({ name: shops.name, status: sellerProfiles.verificationStatus })
    .from(shops)
    .leftJoin(sellerProfiles, eq(sellerProfiles.userId, shops.ownerId))
    .where(and(eq(shops.subdomain, subdomain.toLowerCase()), eq(shops.isLive, false)))
    .limit(1);
  return row && row.status !== "rejected" ? { name: row.name } : undefined;
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
  /** Computed here so that shop pages ship no colour maths (contrast, named colours). */
  palette: ShopPalette;
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
    palette: shopPalette({
      primary: shop.primaryColor,
      secondary: shop.secondaryColor,
      background: shop.backgroundColor,
      text: shop.textColor,
    }),
    bannerText: (language === "fr" ? shop.checkoutBannerTextFr : shop.checkoutBannerTextEn) || shop.checkoutBannerTextEn,
    // Stored sanitised; sanitised again on the way out (idempotent) as defence in depth.
    customCss: shop.customCss ? sanitizeCustomCss(shop.customCss, CUSTOM_CSS_SCOPE).css : "",
  };
}
