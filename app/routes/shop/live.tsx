import { lazy, useState } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/live";
import { metaDescriptors } from "~/lib/page-meta";
import { LiveEnded, LiveHeader } from "~/components/lives/live-page";
import { useLiveUpdates } from "~/components/lives/use-live-updates";
import type { StockLabel } from "~/lib/stock-label";

/** A `stock` event of the live's stream (`PinnedStock`). */
type LiveStock = { product: number; label: StockLabel; waitlist: boolean };
import { liveCheckoutAction, livePageData } from "./live.server";

const CheckoutPage = lazy(() => import("~/components/checkout/checkout-page").then((m) => ({ default: m.CheckoutPage })));

export const loader = (args: Route.LoaderArgs) => livePageData(args);
export const action = (args: Route.ActionArgs) => liveCheckoutAction(args);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// A shipping form refused for stock (409) shows what is left now (and the waitlist once sold
// out); a catalogue purchase's refused (400) the price of now, as the shop's checkout (home.tsx).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionStatus, defaultShouldRevalidate }) =>
  formData?.get("intent") === "shipping" && (actionStatus === 409 || (actionStatus === 400 && formData.has("total_quantity")))
    ? true
    : defaultShouldRevalidate;
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
  // The pinned product's stock as it moves: the stream carries the label itself, so a drop's
  // many holds cost the viewers no reload. A new page data (a pin, a form) starts from its own.
  const [stock, setStock] = useState<{ shown: typeof live; update: LiveStock | null }>({ shown: live, update: null });
  if (stock.shown !== live) setStock({ shown: live, update: null });
  // The product the seller pins shows up for every viewer; up to 1.5 s of spread so that a
  // pin seen by hundreds of viewers is not hundreds of requests in the same instant.
  useLiveUpdates(`/live/${live.code}/events?pinned=${live.pinned?.id ?? "none"}`, {
    kinds: ["pin", "end"],
    throttleMs: 1000,
    jitterMs: 1500,
    events: { stock: (data) => setStock((current) => ({ ...current, update: JSON.parse(data) as LiveStock | null })) },
  });
  const update = stock.shown === live ? stock.update : null;
  const pinned =
    live.pinned && update && update.product === live.pinned.id
      ? { ...live.pinned, stock: { ...live.pinned.stock, label: update.label, waitlist: update.waitlist } }
      : live.pinned;
  const buying = live.pinned !== null && checkout.productId === live.pinned.id;
  return (
    <CheckoutPage
      data={checkout}
      liveReference={live.code}
      aboveForm={<LiveHeader live={{ ...live, pinned }} currency={checkout.currency} buying={buying} />}
    />
  );
}
