import { lazy } from "react";
import { data as responseData, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/home";
import { landingPageData } from "~/routes/landing.server";
import { metaDescriptors } from "~/lib/page-meta";
import { siteContext } from "~/middleware/site.server";
import { checkoutAction, checkoutPageData } from "./shop/checkout.server";

// Each site loads only its own screen's code (the checkout's forms never reach the landing page).
const CheckoutPage = lazy(() => import("~/components/checkout/checkout-page").then((m) => ({ default: m.CheckoutPage })));
const Landing = lazy(() => import("~/components/marketing/landing").then((m) => ({ default: m.Landing })));

/** `/` is the landing page on the main site and the checkout on a shop. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The checkout shows the shopper's order: never cached, so the browser's Back asks again
  // (and continues that order) instead of restoring a form without it.
  if (context.get(siteContext).kind === "shop")
    return responseData(await checkoutPageData({ request, context }), { headers: { "Cache-Control": "no-store" } });
  return { site: "main" as const, ...landingPageData(new URL(request.url), context) };
}

export function action({ request, params, context }: Route.ActionArgs) {
  if (context.get(siteContext).kind !== "shop") throw responseData(null, { status: 405 });
  return checkoutAction({ request, params, context });
}

// A declined card answers 402, after which React Router would keep the old page data: the
// order summary must show the payment's new status. A shipping form refused for stock (409)
// must show what is left now (and the waitlist once sold out); a catalogue purchase's refused
// (400, its form says `total_quantity`) the price of now, else a total refused for a price
// changed since the page was shown would be computed and sent again at the old one.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionStatus, defaultShouldRevalidate }) =>
  formData?.get("intent") === "pay-card" ||
  (formData?.get("intent") === "shipping" && (actionStatus === 409 || (actionStatus === 400 && formData.has("total_quantity"))))
    ? true
    : defaultShouldRevalidate;

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.site === "shop") return <CheckoutPage data={loaderData} />;
  return <Landing attemptedSubdomain={loaderData.attemptedSubdomain} />;
}
