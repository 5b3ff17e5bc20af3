import { createContext, data, redirect, type MiddlewareFunction } from "react-router";
import { getConfig, mainSiteUrl, shopBaseUrl } from "~/config.server";
import { NotFoundError } from "~/domain/errors.server";
import { findLiveShopByCustomDomain, findLiveShopBySubdomain, type HostShop } from "~/domain/shops/shop-hosts.server";
import { findShopOpeningSoon } from "~/domain/shops/shops.server";
import { bareHostname, siteFromHost } from "~/lib/host";
import { languageFromAcceptLanguage, storedLanguage } from "~/lib/i18n";
import { fallbackLanguage } from "~/lib/languages";
import { translatorFor } from "~/lib/translations.server";
import type { Shop } from "~db/schema";
import { getI18nInstance } from "./i18n.server";

/**
 * The site a request is for. A shop carries its verified primary domain (null: its subdomain
 * is its address) and whether the request came on one of its custom domains.
 */
export type ResolvedSite = { kind: "main" } | { kind: "shop"; shop: Shop; primaryDomain: string | null; customDomain: boolean };

export const siteContext = createContext<ResolvedSite>();

/** The shop of a custom domain, found by `platformHostMiddleware` (null: the host is one of our own names). */
const customDomainShopContext = createContext<HostShop | null>(null);

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * The answer for a host that is none of ours (`siteFromHost`: not the platform's domain nor a
 * direct subdomain of it, localhost or an IP address): a plain 404 in the visitor's
 * language, with nothing of any shop, kept by no cache. The HTTP edge answers the same way
 * before static files (`requestEdge`).
 */
export function foreignHostAnswer(request: Request): Response {
  const language = storedLanguage(request.headers.get("Cookie")) ?? languageFromAcceptLanguage(request.headers.get("Accept-Language"));
  const message = translatorFor(language ?? fallbackLanguage)("server.unknown_host");
  const headers = { "Cache-Control": "no-store" };
  if (isApiPath(new URL(request.url).pathname)) return Response.json({ message }, { status: 404, headers });
  return new Response(`${message}\n`, { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * First of the app's own middlewares: a host that is none of ours gets `foreignHostAnswer`,
 * before a language redirect or any page. A verified domain of a live shop (issue 30) is
 * ours: it is looked up here, before the spec's host rules are applied (our own names cannot be
 * custom domains, so only a name the rules call foreign is looked up), and kept for
 * `siteMiddleware`. An unverified or removed domain is foreign, as any name pointed at us.
 */
export const platformHostMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const host = new URL(request.url).host;
  if (siteFromHost(host, getConfig().ROOT_DOMAIN).kind === "foreign") {
    const found = await findLiveShopByCustomDomain(bareHostname(host));
    if (!found) return foreignHostAnswer(request);
    context.set(customDomainShopContext, found);
  }
  return next();
};

/** Paths served on a shop's subdomain even when it has a primary domain: API clients keep their base URL and credentials. */
const servedOnSubdomainAlways = (pathname: string) => isApiPath(pathname);

/**
 * Resolves the site once per request from the host: a custom domain's shop (found by
 * `platformHostMiddleware`), else the spec's rules. A shop host whose subdomain has no live
 * shop goes to the main site with `?attempted_subdomain=` (API calls get a 404), except a
 * registered shop that is not open yet: its address says it opens soon (503). A shop with a
 * verified primary domain sends its subdomain's pages there (308, path and query kept).
 */
export const siteMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const config = getConfig();
  const custom = context.get(customDomainShopContext);
  if (custom) {
    context.set(siteContext, { kind: "shop", shop: custom.shop, primaryDomain: custom.primaryDomain, customDomain: true });
    return next();
  }
  const site = siteFromHost(url.host, config.ROOT_DOMAIN);
  if (site.kind === "foreign") return foreignHostAnswer(request);
  if (site.kind === "main") {
    context.set(siteContext, { kind: "main" });
    return next();
  }
  const found = await findLiveShopBySubdomain(site.subdomain);
  if (!found) {
    if (isApiPath(url.pathname)) {
      return Response.json({ message: getI18nInstance(context).t("errors.shop_not_found") }, { status: 404 });
    }
    // The page's translations are shop-independent: the opening-soon page itself needs them.
    if (url.pathname.startsWith("/locales/")) {
      context.set(siteContext, { kind: "main" });
      return next();
    }
    const openingSoon = await findShopOpeningSoon(site.subdomain);
    if (openingSoon) {
      // Rendered by the root error boundary (no loader runs after a middleware throws).
      const t = getI18nInstance(context).t;
      throw data(
        { openingSoon: { shopName: openingSoon.name }, title: t("meta.shop.title", { shop_name: openingSoon.name }) },
        { status: 503 },
      );
    }
    // The configured main site (spec: the root domain), never an address read from the Host.
    const target = new URL("/", mainSiteUrl(config));
    target.searchParams.set("attempted_subdomain", site.subdomain);
    throw redirect(target.toString());
  }
  if (found.primaryDomain && !servedOnSubdomainAlways(url.pathname)) {
    // The address from the configuration and the database, the path and query from the request.
    throw redirect(
      `${shopBaseUrl({ subdomain: found.shop.subdomain, primaryDomain: found.primaryDomain }, config)}${url.pathname}${url.search}`,
      308,
    );
  }
  context.set(siteContext, { kind: "shop", shop: found.shop, primaryDomain: found.primaryDomain, customDomain: false });
  return next();
};

type ContextReader = { get: <T>(key: import("react-router").RouterContext<T>) => T };

/**
 * The shop this request addresses: the shop host's shop. The API form: NotFound on the
 * main site (who may act on it is the guards' business, `app/http/guards.server.ts`).
 */
export function hostShop(context: ContextReader): Shop {
  const site = context.get(siteContext);
  if (site.kind !== "shop") throw new NotFoundError("errors.not_found");
  return site.shop;
}

/**
 * Route middleware of the two site layouts: a path of the other site answers 404 before
 * any loader or action below the layout runs (a child's redirect or write cannot win).
 * The root loader does not run either, so that 404 page has no site shell.
 */
export function siteOnlyMiddleware(kind: ResolvedSite["kind"]): MiddlewareFunction<Response> {
  return ({ context }, next) => {
    const site = context.get(siteContext);
    if (site.kind !== kind) {
      // No loader runs after a middleware throws: the 404 page gets its title from here.
      const t = getI18nInstance(context).t;
      throw data(
        { title: site.kind === "shop" ? t("meta.shop.title", { shop_name: site.shop.name }) : t("meta.home.title") },
        { status: 404 },
      );
    }
    return next();
  };
}

/** `hostShop` for a screen's loader or action: the 404 page on the main site. */
export function hostShopPage(context: ContextReader): Shop {
  const site = context.get(siteContext);
  if (site.kind !== "shop") throw data(null, { status: 404 });
  return site.shop;
}

/**
 * The absolute address of the site this request is for, from the configuration and the
 * database (never the request's Host): the main site, or the shop's (`shopBaseUrl`: its
 * primary domain when it has one). For the API's absolute URLs and the pages' canonical links.
 */
export function siteUrl(context: ContextReader): string {
  const site = context.get(siteContext);
  return site.kind === "shop" ? shopBaseUrl({ subdomain: site.shop.subdomain, primaryDomain: site.primaryDomain }) : mainSiteUrl();
}
