import { eq } from "drizzle-orm";
import { ForbiddenError, ValidationError } from "~/domain/errors.server";
import { loadSellerAccount, sellerOnboardingSteps } from "~/domain/sellers/onboarding.server";
import type { Language } from "~/lib/i18n";
import { centsToDecimalString } from "~/lib/money";
import { DEFAULT_MINIMUM_ORDER_CENTS, type CustomizationInput } from "~/schemas/customization";
import { getDatabase } from "~db/client";
import { shops, type Shop } from "~db/schema";
import { sanitizeCustomCss } from "./custom-css.server";
import { prepareLogo } from "./image-encoding.server";
import { CUSTOM_CSS_SCOPE } from "./shops.server";
import { deleteUpload, storeUpload } from "./uploads.server";

/** The minimum order amount in effect (10 € when the seller set none). */
export function minimumOrderCents(shop: Pick<Shop, "minimumOrderAmountCents">): number {
  return shop.minimumOrderAmountCents ?? DEFAULT_MINIMUM_ORDER_CENTS;
}

/** An upload's URL: absolute on `origin` (the API's, from the configured address), or its path for our own pages (null). */
const uploadUrl = (path: string | null, origin: string | null) => (path && origin ? new URL(path, origin).toString() : path);

/** The look of a shop, as both customization resources answer it. */
function brandingFields(shop: Shop, origin: string | null) {
  return {
    shop_name: shop.name,
    shop_logo: uploadUrl(shop.logoPath, origin),
    primary_color: shop.primaryColor,
    secondary_color: shop.secondaryColor,
    background_color: shop.backgroundColor,
    text_color: shop.textColor,
  };
}

/** GET /api/v1/customer/shop/customization/ (the seller's own shop); the screens' form values with a null origin. */
export function customizationResource(shop: Shop, origin: string | null) {
  return {
    ...brandingFields(shop, origin),
    checkout_banner_text_en: shop.checkoutBannerTextEn,
    checkout_banner_text_fr: shop.checkoutBannerTextFr,
    custom_css: shop.customCss,
    minimum_order_amount: shop.minimumOrderAmountCents === null ? null : centsToDecimalString(shop.minimumOrderAmountCents),
    low_stock_threshold: shop.lowStockThreshold,
    hold_minutes: shop.holdMinutes,
    parcel_window_hours: shop.parcelWindowHours,
    claim_words: shop.claimWords,
    claim_cap_per_product: shop.claimCapPerProduct,
  };
}

/** GET .../customization/public/ on a shop host: what the shop page needs, in the shopper's language. */
export function publicCustomizationResource(shop: Shop, language: Language, origin: string) {
  return {
    ...brandingFields(shop, origin),
    checkout_banner_text: (language === "fr" ? shop.checkoutBannerTextFr : shop.checkoutBannerTextEn) || shop.checkoutBannerTextEn,
    custom_css: shop.customCss,
    minimum_order_amount: centsToDecimalString(minimumOrderCents(shop)),
  };
}

/** The seller's own shop; customization needs the completed onboarding (spec section 4). */
export async function requireCustomizableShop(userId: number): Promise<Shop> {
  const account = await loadSellerAccount(userId);
  if (!account?.shop) throw new ForbiddenError("sellers.not_a_seller");
  if (!sellerOnboardingSteps(account).isComplete) throw new ForbiddenError("shops.customization.locked");
  return account.shop;
}

export type LogoUpload = { bytes: Uint8Array };

/**
 * Saves the customization. The logo is checked by content (images only, no SVG, 2 MB max),
 * re-encoded and stored under a random name; custom CSS is sanitised and scoped before it is stored.
 */
export async function updateCustomization(
  userId: number,
  input: CustomizationInput,
  logo: LogoUpload | null,
): Promise<{ shop: Shop; removedCss: string[] }> {
  const shop = await requireCustomizableShop(userId);
  let logoPath: string | null | undefined;
  if (logo && logo.bytes.length > 0) {
    const prepared = await prepareLogo(logo.bytes);
    if (!prepared.ok) throw new ValidationError("errors.validation", { shop_logo: [prepared.error] });
    logoPath = await storeUpload(prepared.bytes, prepared.extension);
  } else if (input.removeLogo) {
    logoPath = null;
  }

  let removedCss: string[] = [];
  let customCss: string | undefined;
  if (input.customCss !== undefined) {
    const sanitized = sanitizeCustomCss(input.customCss, CUSTOM_CSS_SCOPE);
    customCss = sanitized.css;
    removedCss = sanitized.removed;
  }

  const [updated] = await getDatabase()
    .update(shops)
    .set({
      name: input.name,
      primaryColor: input.primaryColor,
      secondaryColor: input.secondaryColor,
      backgroundColor: input.backgroundColor,
      textColor: input.textColor,
      checkoutBannerTextEn: input.checkoutBannerTextEn,
      checkoutBannerTextFr: input.checkoutBannerTextFr,
      customCss,
      minimumOrderAmountCents: input.minimumOrderAmountCents,
      // A new threshold changes the shop's labels: its cached pages go with `updatedAt`.
      lowStockThreshold: input.lowStockThreshold,
      holdMinutes: input.holdMinutes,
      parcelWindowHours: input.parcelWindowHours,
      claimWords: input.claimWords,
      claimCapPerProduct: input.claimCapPerProduct,
      logoPath,
      updatedAt: new Date(),
    })
    .where(eq(shops.id, shop.id))
    .returning();
  if (logoPath !== undefined && shop.logoPath !== logoPath) await deleteUpload(shop.logoPath);
  return { shop: updated!, removedCss };
}
