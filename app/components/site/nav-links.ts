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
