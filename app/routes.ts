import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * The route table. `/` and `/orders` exist on both sites and dispatch on the site the
 * root middleware resolved; the main-site and shop layouts answer 404 on the other site.
 */
export default [
  index("routes/home.tsx"),
  route("orders", "routes/orders/orders.tsx"),

  route("login", "routes/auth/login.tsx"),
  route("payments/simulated/authenticate/:intentId", "routes/payments/simulated-authenticate.tsx"),
  route("logout", "routes/auth/logout.ts"),

  layout("routes/layouts/main-site.tsx", [
    route("onboarding", "routes/onboarding.tsx"),
    route("onboarding/refresh", "routes/payments/onboarding-refresh.ts"),
    route("payments/simulated/onboarding", "routes/payments/simulated-onboarding.tsx"),
    route("verify-email/:token?", "routes/auth/verify-email.tsx"),
    route("account", "routes/account/account.tsx"),
    route("dashboard", "routes/dashboard/dashboard.tsx"),
    route("dashboard/products", "routes/dashboard/products.tsx"),
    route("dashboard/products/:productId", "routes/dashboard/product-edit.tsx"),
    route("dashboard/lives", "routes/dashboard/lives.tsx"),
    route("dashboard/lives/:liveId", "routes/dashboard/live-board.tsx"),
    route("dashboard/lives/:liveId/orders.csv", "routes/dashboard/live-orders-csv.ts"),
    route("dashboard/lives/:liveId/events", "routes/dashboard/live-events.ts"),
    route("register", "routes/register/register.tsx"),
    route("admin/sellers", "routes/admin/sellers.tsx"),
    route("shop/customization", "routes/shop-settings/customization.tsx"),
    route("orders/:orderId", "routes/orders/order-detail.tsx"),
    route("orders/:orderId/status-link", "routes/orders/order-status-link.ts"),
    route("product", "routes/pages/product.tsx"),
    route("pricing", "routes/pages/pricing.tsx"),
    route("about", "routes/pages/about.tsx"),
    route("contact", "routes/pages/contact.tsx"),
    route("terms", "routes/pages/terms.tsx"),
    route("privacy", "routes/pages/privacy.tsx"),
    route("legal-notice", "routes/pages/legal-notice.tsx"),
  ]),

  layout("routes/layouts/shop-site.tsx", [
    route("products", "routes/shop/products.tsx"),
    route("payment-success", "routes/shop/payment-success.ts"),
    route("order-confirmation/:orderId", "routes/shop/order-confirmation.tsx"),
    route("order-status/:token", "routes/shop/order-status.tsx"),
    route("orders/access", "routes/shop/order-access.tsx"),
    route("live/:code", "routes/shop/live.tsx"),
    route("live/:code/events", "routes/shop/live-events.ts"),
  ]),

  route("locales/:lng/:ns.json", "routes/resources/locales.ts"),
  route("uploads/:name", "routes/resources/uploads.ts"),

  ...prefix("api/v1", [
    route("account/auth/login", "routes/api/account-login.ts"),
    route("account/auth/logout", "routes/api/account-logout.ts"),
    route("account/auth/status", "routes/api/account-status.ts"),
    route("account/auth/change-password", "routes/api/account-change-password.ts"),
    route("account/profile", "routes/api/account-profile.ts"),
    route("auth/verify-email/:token", "routes/api/auth-verify-email.ts"),
    route("auth/resend-verification", "routes/api/auth-resend-verification.ts"),
    route("account/seller-profile", "routes/api/account-seller-profile.ts"),
    route("customer/register/:stage", "routes/api/customer-register.ts"),
    route("customer/shop/customization/:part?", "routes/api/shop-customization.ts"),
    route("shop/products", "routes/api/shop-products.ts"),
    route("shop/products/:id", "routes/api/shop-product.ts"),
    route("shop/products/:id/waitlist", "routes/api/shop-product-waitlist.ts"),
    route("shop/categories", "routes/api/shop-categories.ts"),
    route("shop/categories/:slug", "routes/api/shop-category.ts"),
    route("shop/orders/export", "routes/api/shop-orders-export.ts"),
    route("shop/orders/:id/refunds", "routes/api/shop-order-refunds.ts"),
    route("shop/orders/:id?", "routes/api/shop-orders.ts"),
    route("shop/lives", "routes/api/shop-lives.ts"),
    route("shop/lives/:id", "routes/api/shop-live.ts"),
    route("shop/lives/:id/end", "routes/api/shop-live-end.ts"),
    route("shop/lives/:id/pin", "routes/api/shop-live-pin.ts"),
    route("shop/lives/:id/orders", "routes/api/shop-live-orders.ts"),
    route("shop/lives/:id/reminder", "routes/api/shop-live-reminder.ts"),
    route("payment/simulated/confirm", "routes/api/payment-simulated.ts"),
    route("payment/:operation", "routes/api/payment.ts"),
    route("customer/stripe/connect/:operation?", "routes/api/customer-stripe.ts"),
    route("customer/info", "routes/api/customer-info.ts"),
    route("openapi.json", "routes/api/openapi/route.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
