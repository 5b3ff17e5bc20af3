import type { CSSProperties, ReactNode } from "react";
import type { ShopBranding } from "~/domain/shops/shops.server";
import type { ShopPalette } from "~/lib/shop-theme";
import { ShopHeader } from "./shop-header";

/**
 * A shop page wears the shop's colours as CSS variables (and, later, its custom CSS), with
 * the readable text colour for its fills (`--shop-on-*`) and its primary shade for text.
 */
export function shopThemeStyle(palette: ShopPalette): CSSProperties {
  return {
    "--shop-primary": palette.primary,
    "--shop-on-primary": palette.onPrimary,
    "--shop-primary-ink": palette.primaryInk,
    "--shop-secondary": palette.secondary,
    "--shop-on-secondary": palette.onSecondary,
    "--shop-background": palette.background,
    "--shop-text": palette.text,
    backgroundColor: palette.background,
    color: palette.text,
  } as CSSProperties;
}

export function ShopShell({ shop, children }: { shop: ShopBranding; children: ReactNode }) {
  return (
    // The seller's CSS was sanitised and scoped to .shop-custom-css when it was saved.
    <div className="shop-page shop-custom-css flex min-h-screen flex-col" style={shopThemeStyle(shop.palette)}>
      {shop.customCss ? <style data-testid="shop-custom-css" dangerouslySetInnerHTML={{ __html: shop.customCss }} /> : null}
      <ShopHeader shop={shop} />
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
