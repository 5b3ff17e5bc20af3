import { lazy } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/claim-link";
import { PaymentSetupError } from "~/components/checkout/payment-setup-error";
import { ClaimLinkClaims, NothingToPay } from "~/components/claims/claim-link-page";
import { metaDescriptors } from "~/lib/page-meta";
import { claimLinkAction, claimLinkPageData } from "./claim-link.server";

const CheckoutPage = lazy(() => import("~/components/checkout/checkout-page").then((m) => ({ default: m.CheckoutPage })));

export const loader = (args: Route.LoaderArgs) => claimLinkPageData(args);
export const action = (args: Route.ActionArgs) => claimLinkAction(args);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// A shipping form refused for stock (409) shows what is left now.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionStatus, defaultShouldRevalidate }) =>
  formData?.get("intent") === "shipping" && actionStatus === 409 ? true : defaultShouldRevalidate;
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

/** A viewer's claim link: their claims of the live, then the checkout of what is held (issue 29). */
export default function ClaimLink({ loaderData }: Route.ComponentProps) {
  const { view, checkout, currency } = loaderData;
  const claims = <ClaimLinkClaims view={view} currency={currency} />;
  if (checkout?.canReceivePayments) return <CheckoutPage data={checkout} liveReference={view.live.code} aboveForm={claims} />;
  return (
    <div className="container-page py-8">
      <h1 className="sr-only">{view.live.title}</h1>
      {claims}
      {/* Something to pay but the shop cannot take payments yet: its claims stay in view. */}
      {checkout ? (
        <PaymentSetupError contactEmail={checkout.contactEmail} />
      ) : (
        <NothingToPay paid={view.claims.some((c) => c.status === "paid")} />
      )}
    </div>
  );
}
