import type { RouterContextProvider } from "react-router";
import { getI18nInstance } from "~/middleware/i18n.server";
import { mainPageMeta } from "~/routes/page-meta.server";

/** Data of the landing screen (`/` and `/onboarding` on the main site). */
export function landingPageData(url: URL, context: Readonly<RouterContextProvider>) {
  const attempted = url.searchParams.get("attempted_subdomain");
  return {
    meta: mainPageMeta(getI18nInstance(context).t, "home", url),
    // Shown as text (React escapes it); a subdomain label is at most 63 characters.
    attemptedSubdomain: attempted ? attempted.slice(0, 63) : null,
  };
}
