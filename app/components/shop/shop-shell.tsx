import type { CSSProperties, ReactNode } from "react";
import type { ShopBranding } from "~/domain/shops/shops.server";
import { ShopHeader } from "./shop-header";

/** A shop page wears the shop's colours as CSS variables (and, later, its custom CSS). */
export function shopThemeStyle(shop: Pick<ShopBranding, "colors">): CSSProperties {
  return {
    "--shop-primary": shop.colors.primary,
    "--shop-secondary": shop.colors.secondary,
    "--shop-background": shop.colors.background,
    "--shop-text": shop.colors.text,
    backgroundColor: shop.colors.background,
    color: shop.colors.text,
  } as CSSProperties;
}

export function ShopShell({ shop, children }: { shop: ShopBranding; children: ReactNode }) {
  return (
    // The seller's CSS was sanitised and scoped to .shop-custom-css when it was saved.
    <div className="shop-page shop-custom-css flex min-h-screen flex-col" style={shopThemeStyle(shop)}>
      {shop.customCss ? <style data-testid="shop-custom-css" dangerouslySetInnerHTML={{ __html: shop.customCss }} /> : null}
      <ShopHeader shop={shop} />
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
