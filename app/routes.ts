import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The route table. `/` and `/orders` exist on both sites and dispatch on the site the
 * root middleware resolved; the main-site and shop layouts answer 404 on the other site.
 */
export default [
  index("routes/home.tsx"),

  layout("routes/layouts/main-site.tsx", [
    route("onboarding", "routes/onboarding.tsx"),
    route("product", "routes/pages/product.tsx"),
    route("pricing", "routes/pages/pricing.tsx"),
    route("about", "routes/pages/about.tsx"),
    route("contact", "routes/pages/contact.tsx"),
    route("terms", "routes/pages/terms.tsx"),
    route("privacy", "routes/pages/privacy.tsx"),
    route("legal-notice", "routes/pages/legal-notice.tsx"),
  ]),

  layout("routes/layouts/shop-site.tsx", [route("products", "routes/shop/products.tsx")]),

  route("locales/:lng/:ns.json", "routes/resources/locales.ts"),

  ...prefix("api/v1", [
    route("shop/products", "routes/api/shop-products.ts"),
    route("shop/categories", "routes/api/shop-categories.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
