import { lazy } from "react";
import type { Route } from "./+types/live";
import { metaDescriptors } from "~/lib/page-meta";
import { LiveEnded, LiveHeader } from "~/components/lives/live-page";
import { useLiveUpdates } from "~/components/lives/use-live-updates";
import { liveCheckoutAction, livePageData } from "./live.server";

const CheckoutPage = lazy(() => import("~/components/checkout/checkout-page").then((m) => ({ default: m.CheckoutPage })));

export const loader = (args: Route.LoaderArgs) => livePageData(args);
export const action = (args: Route.ActionArgs) => liveCheckoutAction(args);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export default function LiveLink({ loaderData }: Route.ComponentProps) {
  const { live, checkout } = loaderData;
  if (loaderData.state === "ended" || !checkout) return <LiveEnded title={live.title} />;
  return <OpenLive live={live} checkout={checkout} />;
}

function OpenLive({
  live,
  checkout,
}: {
  live: Route.ComponentProps["loaderData"]["live"];
  checkout: NonNullable<Route.ComponentProps["loaderData"]["checkout"]>;
}) {
  // The product the seller pins shows up for every viewer; up to 1.5 s of spread so that a
  // pin seen by hundreds of viewers is not hundreds of requests in the same instant.
  useLiveUpdates(`/live/${live.code}/events?pinned=${live.pinned?.id ?? "none"}`, {
    kinds: ["pin", "end"],
    throttleMs: 1000,
    jitterMs: 1500,
  });
  const buying = live.pinned !== null && checkout.productId === live.pinned.id;
  return (
    <CheckoutPage
      data={checkout}
      liveReference={live.code}
      aboveForm={<LiveHeader live={live} currency={checkout.currency} buying={buying} />}
    />
  );
}
