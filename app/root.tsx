import { lazy, useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type MiddlewareFunction,
} from "react-router";
import type { Route } from "./+types/root";
import appStyles from "./app.css?url";
import { useDocumentRequestId } from "./components/request-id";
import { useLanguagePersistence } from "./components/site/language-switcher";
import { Toasts } from "./components/ui/toasts";
import { getConfig, mainSiteUrl } from "./config.server";
import { shopBranding } from "./domain/shops/shops.server";
import { fallbackLanguage, isLanguage, textDirection } from "./lib/languages";
import { bodyLimitMiddleware } from "./middleware/body-limit.server";
import { addressControlCharacterMiddleware } from "./http/text-input.server";
import { csrfMiddleware, csrfTokenContext } from "./middleware/csrf.server";
import { getI18nInstance, getLocale, i18nextMiddleware, languageParamMiddleware } from "./middleware/i18n.server";
import { localesVersion } from "./lib/translations.server";
import { pageCacheMiddleware } from "./middleware/page-cache.server";
import { apiErrorRequestIdMiddleware } from "./middleware/request.server";
import { securityHeadersMiddleware } from "./middleware/security-headers.server";
import { noCookieOnSharedAnswersMiddleware } from "./middleware/shared-cache.server";
import { currentUser, sessionMiddleware } from "./middleware/session.server";
import { platformHostMiddleware, siteContext, siteMiddleware } from "./middleware/site.server";
import { createToastMiddleware } from "./middleware/toast.server";
import { bagCountOf } from "./http/bag.server";
import { requestToast } from "./http/form-refusal.server";

// Each site's header and footer load on that site only: a shop page never ships the main
// site's chrome, nor the reverse.
const MainShell = lazy(() => import("./components/site/main-shell").then((m) => ({ default: m.MainShell })));
const ShopShell = lazy(() => import("./components/shop/shop-shell").then((m) => ({ default: m.ShopShell })));

export const middleware: MiddlewareFunction<Response>[] = [
  // Outermost: it sees every cookie the others set.
  noCookieOnSharedAnswersMiddleware,
  apiErrorRequestIdMiddleware,
  securityHeadersMiddleware,
  platformHostMiddleware,
  languageParamMiddleware,
  i18nextMiddleware,
  bodyLimitMiddleware,
  siteMiddleware,
  // Before the session, CSRF and toast: a public shop page is served without them.
  pageCacheMiddleware,
  // Inside the page cache, whose answers say no-store unless a page is public.
  addressControlCharacterMiddleware,
  sessionMiddleware,
  csrfMiddleware,
  createToastMiddleware(),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context);
  const site = context.get(siteContext);
  const config = getConfig();
  const t = getI18nInstance(context).t;
  return {
    locale,
    // For pages without their own metadata, error pages included (spec section 1).
    defaultTitle: site.kind === "shop" ? t("meta.shop.title", { shop_name: site.shop.name }) : t("meta.home.title"),
    localesVersion,
    site: site.kind === "shop" ? { kind: "shop" as const, shop: shopBranding(site.shop, locale) } : { kind: "main" as const },
    // A toast, or a plain post's refusal carried to the form it is about (said there, not as a toast).
    ...requestToast(context),
    csrfToken: context.get(csrfTokenContext),
    mainUrl: mainSiteUrl(config),
    rootDomain: config.ROOT_DOMAIN,
    supportEmail: config.SUPPORT_EMAIL,
    year: new Date().getFullYear(),
    user: currentUser(context),
    // The shop header's bag count, from its small cookie (see app/http/bag.server.ts).
    bagCount: site.kind === "shop" ? bagCountOf(request) : 0,
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: data.defaultTitle }] : []);

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const requestId = useDocumentRequestId();
  const { t, i18n } = useTranslation();
  // Without root data (a middleware refused the request) the request's i18n instance still
  // carries the detected language.
  const locale = data?.locale ?? (isLanguage(i18n.language) ? i18n.language : fallbackLanguage);
  const error = useRouteError();
  const errorTitle = isRouteErrorResponse(error) && typeof error.data?.title === "string" ? error.data.title : null;

  // Follow the language the server chose (cookie, switcher, Accept-Language).
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
  useLanguagePersistence(locale, data?.rootDomain);
  // Marks the document as interactive (end-to-end tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  return (
    <html lang={locale} dir={textDirection(locale)} data-locales-version={data?.localesVersion}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The request that rendered this document, for the error pages' reference. */}
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        <Meta />
        {/* The request failed before the root loader ran: no metadata, but still a title. */}
        {!data ? <title>{errorTitle ?? t("meta.home.title")}</title> : null}
        <Links />
        {/* The first paint waits for the page's header to be read whole: a phone on a slow link
            otherwise drew it half-read, and the shop's name moved as the rest of it came. */}
        {/* eslint-disable-next-line react/no-unknown-property -- an HTML attribute the rule does not know yet */}
        <link rel="expect" href="#main" blocking="render" />
        {data ? (
          <link rel="preload" as="fetch" crossOrigin="anonymous" href={`/locales/${locale}/translation.json?v=${data.localesVersion}`} />
        ) : null}
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {!data ? (
          // The request failed before the root loader ran (a refused form post, a path of the other site).
          <main id="main">{children}</main>
        ) : data.site.kind === "shop" ? (
          <ShopShell shop={data.site.shop}>{children}</ShopShell>
        ) : (
          <MainShell>{children}</MainShell>
        )}
        <Toasts toast={data?.toast ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary } from "./components/site/route-error-boundary";
