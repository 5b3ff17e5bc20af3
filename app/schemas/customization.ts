import { isValidCssColor, normalizeCssColor } from "~/lib/colors";
import { parseAmountToCents } from "~/lib/money";
import { PARCEL_WINDOW_HOURS } from "~/lib/carriers";
import { DEFAULT_CLAIM_WORDS } from "~/lib/claim-words";
import { messageKey } from "~/lib/messages";
import { HOLD_MINUTES } from "~/lib/stock-kinds";
import { z } from "./zod-messages";

export const MINIMUM_ORDER_FLOOR_CENTS = 500; // the form requires at least 5 € (spec section 5)
export const DEFAULT_MINIMUM_ORDER_CENTS = 1000; // 10 when the seller set none (spec section 9)
/** "Only N left" from this many units down (issue 27): default 5, from 0 (never) to 99. */
export const LOW_STOCK_THRESHOLD = { default: 5, min: 0, max: 99 } as const;
/** How many units of one product a viewer's handle may claim in a live (issue 29): default 3, from 1 to 99. */
export const CLAIM_CAP_PER_PRODUCT = { default: 3, min: 1, max: 99 } as const;
/** The shop's own claim words: at most 20, each 1 to 30 characters. */
export const CLAIM_WORDS = { max: 20, maxLength: 30 } as const;
export const COLOR_FIELDS = ["primary_color", "secondary_color", "background_color", "text_color"] as const;

const color = z
  .string()
  .trim()
  .refine((v) => v === "" || isValidCssColor(v), "shops.customization.color_invalid")
  .transform((v) => (v === "" ? undefined : (normalizeCssColor(v) ?? undefined)));

/** null for a text that can be cleared: the same as "" (cleared). */
const clearedWhenNull = (text: z.ZodType<string, string>) => text.nullish().transform((v) => (v === null ? "" : v));
/** null for a colour: the same as "" (unchanged, a colour cannot be cleared). */
const skippedWhenNull = (field: typeof color) => field.nullish().transform((v) => v ?? undefined);

/**
 * A whole number from `min` to `max` (a form's text or the API's number or text); empty or
 * null leaves the setting as it is, like an absent field.
 */
const wholeNumberSetting = (range: { min: number; max: number }, message: string) =>
  z
    .preprocess((v) => (v === null || v === "" ? undefined : v), z.union([z.string(), z.number()], { error: message }).optional())
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const n = typeof v === "number" ? v : /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < range.min || n > range.max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/**
 * The shop's claim words: comma separated (the form, the API) or a list (the API). Each is
 * trimmed, duplicates (any case) dropped. Empty or null: the defaults of both languages
 * (null out). A word of digits alone would read a quantity ("A7 2") as a claim: refused.
 * `unknown` in, so that Conform hands the form's emptied field over as "" (the defaults)
 * rather than as absent (unchanged); null reads as "" too. The preprocess also lets the key be
 * absent (unchanged): a bare `unknown().transform()` would be a required key.
 */
const claimWords = z
  .preprocess((v) => (v === null ? "" : v), z.unknown())
  .transform((v, ctx): string[] | null | undefined => {
    if (v === undefined) return undefined;
    const given = typeof v === "string" ? v.split(",") : v;
    if (!Array.isArray(given) || given.some((w) => typeof w !== "string")) {
      ctx.addIssue({ code: "custom", message: messageKey("lives.claim_settings.word_invalid", { max: CLAIM_WORDS.maxLength }) });
      return z.NEVER;
    }
    const words: string[] = [];
    const seen = new Set<string>();
    for (const raw of given as string[]) {
      const word = raw.trim().replace(/\s+/g, " ");
      if (word === "" || seen.has(word.toLowerCase())) continue;
      seen.add(word.toLowerCase());
      words.push(word);
    }
    if (words.length > CLAIM_WORDS.max) {
      ctx.addIssue({ code: "custom", message: messageKey("lives.claim_settings.words_too_many", { max: CLAIM_WORDS.max }) });
      return z.NEVER;
    }
    if (words.some((w) => w.length > CLAIM_WORDS.maxLength || /^\d+$/.test(w) || /[,\p{Cc}]/u.test(w))) {
      ctx.addIssue({ code: "custom", message: messageKey("lives.claim_settings.word_invalid", { max: CLAIM_WORDS.maxLength }) });
      return z.NEVER;
    }
    return words.length === 0 ? null : words;
  })
  .meta({ anyOf: [{ type: "string" }, { type: "array", items: { type: "string" } }, { type: "null" }] });

/**
 * Shop customization, as the form and the API name its fields. Every field is optional
 * (absent: unchanged). An empty shop name or colour is skipped; an empty banner, custom CSS
 * or minimum amount clears it. null (what the GET answers for an unset minimum amount)
 * means the same as empty.
 */
const customizationFields = z.object({
  shop_name: z
    .string()
    .trim()
    .max(100, "shops.customization.name_too_long")
    .nullish()
    .transform((v) => (v ? v : undefined)),
  primary_color: skippedWhenNull(color),
  secondary_color: skippedWhenNull(color),
  background_color: skippedWhenNull(color),
  text_color: skippedWhenNull(color),
  checkout_banner_text_en: clearedWhenNull(z.string().trim().max(200)),
  checkout_banner_text_fr: clearedWhenNull(z.string().trim().max(200)),
  custom_css: clearedWhenNull(z.string().max(20_000)),
  // A string from forms, a number, a string or null from the API.
  // optional() outermost, so the field's constraint is "not required" (empty = default).
  // null reads as "" (a union with null would make Conform mark the field required).
  minimum_order_amount: z
    .preprocess((v) => (v === null ? "" : v), z.coerce.string())
    .transform((v, ctx) => {
      if (v.trim() === "") return null;
      const cents = parseAmountToCents(v.trim());
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: "shops.customization.minimum_invalid" });
        return z.NEVER;
      }
      if (cents < MINIMUM_ORDER_FLOOR_CENTS) {
        ctx.addIssue({ code: "custom", message: "shops.customization.minimum_too_low" });
        return z.NEVER;
      }
      if (cents > 10_000_000) {
        ctx.addIssue({ code: "custom", message: "shops.customization.minimum_too_high" });
        return z.NEVER;
      }
      return cents;
    })
    .optional(),
  // The shop's stock settings (docs/stock.md): when pages say "Only N left", how long a hold lasts.
  low_stock_threshold: wholeNumberSetting(LOW_STOCK_THRESHOLD, "stock_admin.settings.threshold_invalid").describe(
    'Pages say "Only N left" at this many units or fewer: 0 to 99 (default 5; 0 never says it)',
  ),
  hold_minutes: wholeNumberSetting(HOLD_MINUTES, "stock_admin.settings.hold_minutes_invalid").describe(
    "How long an unpaid order (or a waitlist offer) keeps its units, in minutes: 2 to 60 (default 10)",
  ),
  // Parcels (issue 28): orders of one shopper placed this many hours apart share a parcel.
  parcel_window_hours: wholeNumberSetting(PARCEL_WINDOW_HOURS, "parcels.errors.window_invalid").describe(
    "A shopper's paid orders (same email and address) placed within this many hours of a parcel's first one join it: 1 to 168 (default 24); orders of one live always do",
  ),
  // Claims from a live's chat (issue 29, docs/lives.md): what makes a comment a claim, and how many units a viewer may claim.
  claim_words: claimWords.describe(
    `The words that make a live's comment a claim, comma separated or a list ("sold, je prends"): at most 20, each 1 to 30 characters, not a number alone. Empty or null: the defaults of both languages (${DEFAULT_CLAIM_WORDS.join(", ")}). The GET answers the list, or null for the defaults`,
  ),
  claim_cap_per_product: wholeNumberSetting(CLAIM_CAP_PER_PRODUCT, "lives.claim_settings.cap_invalid").describe(
    "How many units of one product a viewer's handle may claim in a live: 1 to 99 (default 3)",
  ),
  remove_logo: z
    .enum(["on", "true", "1"])
    .optional()
    .transform((v) => v !== undefined),
});

/** What the shops domain takes: undefined leaves a setting as it is; the form's names stop here. */
export type CustomizationInput = {
  name: string | undefined;
  primaryColor: string | undefined;
  secondaryColor: string | undefined;
  backgroundColor: string | undefined;
  textColor: string | undefined;
  checkoutBannerTextEn: string | undefined;
  checkoutBannerTextFr: string | undefined;
  customCss: string | undefined;
  /** null: cleared (the default applies). */
  minimumOrderAmountCents: number | null | undefined;
  lowStockThreshold: number | undefined;
  holdMinutes: number | undefined;
  parcelWindowHours: number | undefined;
  /** null: the defaults of both languages. */
  claimWords: string[] | null | undefined;
  claimCapPerProduct: number | undefined;
  removeLogo: boolean;
};

/** The customization screen and PUT /api/v1/customer/shop/customization/update/ parse with this. */
export const customizationSchema = customizationFields.transform((fields): CustomizationInput => ({
  name: fields.shop_name,
  primaryColor: fields.primary_color,
  secondaryColor: fields.secondary_color,
  backgroundColor: fields.background_color,
  textColor: fields.text_color,
  checkoutBannerTextEn: fields.checkout_banner_text_en,
  checkoutBannerTextFr: fields.checkout_banner_text_fr,
  customCss: fields.custom_css,
  minimumOrderAmountCents: fields.minimum_order_amount,
  lowStockThreshold: fields.low_stock_threshold,
  holdMinutes: fields.hold_minutes,
  parcelWindowHours: fields.parcel_window_hours,
  claimWords: fields.claim_words,
  claimCapPerProduct: fields.claim_cap_per_product,
  removeLogo: fields.remove_logo,
}));
