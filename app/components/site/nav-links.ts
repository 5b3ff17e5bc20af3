/** The main site's navigation, shared by the header and the mobile menu. */
export type NavLink = { to: string; labelKey: string };

export const exploreLinks: NavLink[] = [
  { to: "/product", labelKey: "nav.product" },
  { to: "/pricing", labelKey: "nav.pricing" },
  { to: "/about", labelKey: "nav.about" },
  { to: "/contact", labelKey: "nav.contact" },
];

export const sellerLinks: NavLink[] = [
  { to: "/dashboard", labelKey: "nav.dashboard" },
  { to: "/orders", labelKey: "nav.orders" },
  { to: "/dashboard/products", labelKey: "nav.products" },
  { to: "/dashboard/lives", labelKey: "lives.list.nav" },
];

/** Staff's own screens (the seller review), shown to staff only. */
export const staffLinks: NavLink[] = [{ to: "/admin/sellers", labelKey: "nav.seller_review" }];

/**
 * The link of `links` that names the page at `pathname`: the most specific one, so that a
 * page under another link's path (`/dashboard/lives` under `/dashboard`) marks only its own
 * link current. A link matches its own path and the paths below it; null when none does.
 */
export function currentLink(links: readonly NavLink[], pathname: string): NavLink | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  let best: NavLink | null = null;
  for (const link of links) {
    const matches = path === link.to || path.startsWith(`${link.to}/`);
    if (matches && (!best || link.to.length > best.to.length)) best = link;
  }
  return best;
}
