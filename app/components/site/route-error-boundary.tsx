import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { ErrorReference } from "~/components/request-id";
import { buttonClasses } from "~/components/ui/button";
import type { SignedOutData } from "~/http/guards.server";

// Every page ships this boundary (the root's), but only the signed-out screen shows a login:
// its button and dialog load with that screen, not with every page (about 1 kB gzipped).
const LoginButton = lazy(() => import("~/components/auth/login-dialog").then((m) => ({ default: m.LoginButton })));

/** Error screen for any route: not found, forbidden, signed out, or an unexpected failure. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const serverMessage =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "message" in error.data
      ? String((error.data as { message: unknown }).message)
      : null;
  // The server logs it with the request id (entry.server's handleError); the browser's console shows it here.
  if (status >= 500 && !isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);

  const openingSoon = isRouteErrorResponse(error) ? (error.data as { openingSoon?: { shopName: string } } | null)?.openingSoon : undefined;
  if (openingSoon) {
    return (
      <section className="container-page flex flex-col items-center py-24 text-center" data-testid="shop-opening-soon">
        <h1 className="text-3xl font-bold tracking-tight">{t("errors.page.opening_soon.title", { shop_name: openingSoon.shopName })}</h1>
        <p className="mt-3 max-w-md text-muted-foreground">{t("errors.page.opening_soon.description")}</p>
      </section>
    );
  }

  // A signed-out visitor on a screen that says so itself (/account, /shop/customization): the
  // spec's text, and a login that comes back here (the dialog with JavaScript, /login without).
  if (isRouteErrorResponse(error) && status === 401 && (error.data as Partial<SignedOutData> | null)?.signedOut) {
    return (
      <section className="container-page flex flex-col items-center py-24 text-center" data-testid="signed-out">
        <h1 className="text-3xl font-bold tracking-tight">{t("errors.page.signed_out.title")}</h1>
        <p className="mt-3 max-w-md text-muted-foreground">{t("account.logged_out")}</p>
        <div className="mt-8">
          {/* Server-rendered whole (the document waits for every lazy part); in the browser the
              fallback is the same plain link the button renders without JavaScript. */}
          <Suspense
            fallback={
              <a
                href={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
                className={buttonClasses("primary", "md")}
              >
                {t("auth.login.button")}
              </a>
            }
          >
            <LoginButton destination="here" className={buttonClasses("primary", "md")} />
          </Suspense>
        </div>
      </section>
    );
  }

  const key = status === 404 ? "not_found" : status === 403 ? "forbidden" : status >= 500 ? "server" : "generic";
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t(`errors.page.${key}.title`)}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{serverMessage ?? t(`errors.page.${key}.description`)}</p>
      {status >= 500 ? <ErrorReference /> : null}
      <Link to="/" className={buttonClasses("primary", "md", "mt-8")}>
        {t("errors.page.go_home")}
      </Link>
    </section>
  );
}
