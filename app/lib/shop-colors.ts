/**
 * A shop's colours and the checkout's, as values: no colour code, so the checkout's browser
 * code can import them without loading the colour parser (`shop-theme.ts` computes, on the
 * server for shop pages).
 */

export type ShopColors = { primary: string; secondary: string; background: string; text: string };

/** A shop's colours until the seller customises them (spec section 3). */
export const DEFAULT_SHOP_COLORS: ShopColors = { primary: "#FF0055", secondary: "#D946EF", background: "#ffffff", text: "#111111" };

/** The checkout's own colours (spec section 2: step colours and accent). */
export const DEFAULT_CHECKOUT_COLORS = { accent: "#007bff", current: "#3b82f6", completed: "#10b981", upcoming: "#cbd5e1" } as const;

export type CheckoutColors = { accent: string; current: string; completed: string; upcoming: string };

/** The checkout's colours and the text colour that reads on each (`checkoutTheme`). */
export type CheckoutTheme = CheckoutColors & { onAccent: string; onCurrent: string; onCompleted: string; onUpcoming: string };

/** `checkoutTheme(DEFAULT_SHOP_COLORS)`, written out for the browser (a unit test holds them equal). */
export const DEFAULT_CHECKOUT_THEME: CheckoutTheme = {
  ...DEFAULT_CHECKOUT_COLORS,
  onAccent: "#000000",
  onCurrent: "#000000",
  onCompleted: "#000000",
  onUpcoming: "#000000",
};
