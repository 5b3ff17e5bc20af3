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
    <div className="shop-page flex min-h-screen flex-col" style={shopThemeStyle(shop)}>
      <ShopHeader shop={shop} />
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
