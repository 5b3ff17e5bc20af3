import type { SubmissionResult } from "@conform-to/react";
import { lazy, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useActionData } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { translateMessage } from "~/lib/messages";
import { DEFAULT_SHOP_COLORS } from "~/lib/shop-colors";
import { useRootData } from "~/components/site/root-data";
import type { checkoutPageData } from "~/routes/shop/checkout.server";
import { CheckoutFrame } from "./checkout-frame";
import { OrderSummary } from "./order-summary";
import { AddToBagForm, AddToBagRefusal } from "~/components/bag/add-to-bag";

// Each step's own code loads on that step: the shipping form on the shipping step; the card
// form (simulated provider), or Stripe.js and its React bindings (Stripe provider), on the
// payment step.
const ShippingForm = lazy(() => import("./shipping-form").then((m) => ({ default: m.ShippingForm })));
// The payment step (its card forms, hold notice) loads when shown, as the shipping form.
const PaymentStep = lazy(() => import("./payment-step").then((m) => ({ default: m.PaymentStep })));
// What only some checkouts show (a product's options, a waitlist or its offer, a shop that cannot take
// payments) loads when shown: the shipping step of most is without them.
const PaymentSetupError = lazy(() => import("./payment-setup-error").then((m) => ({ default: m.PaymentSetupError })));
const VariantPicker = lazy(() => import("./variant-picker").then((m) => ({ default: m.VariantPicker })));
const WaitlistForm = lazy(() => import("./waitlist-form").then((m) => ({ default: m.WaitlistForm })));
const OfferNote = lazy(() => import("./offer-note").then((m) => ({ default: m.OfferNote })));
// The success step's panel loads on that step, as each step's code.
const SuccessPanel = lazy(() => import("./success-panel").then((m) => ({ default: m.SuccessPanel })));

export type Data = Awaited<ReturnType<typeof checkoutPageData>>;
export type CardResult = { card: SubmissionResult<string[]>; cardError: string | null };

/**
 * The checkout. On a live's link it names the live's order (`liveReference`, the form does
 * not ask for it) and shows the live above the form (`aboveForm`).
 */
export function CheckoutPage({ data, liveReference, aboveForm }: { data: Data; liveReference?: string; aboveForm?: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  const shop = root.site.kind === "shop" ? root.site.shop : null;
  const actionData = useActionData<SubmissionResult<string[]> | CardResult>();
  const shippingResult = actionData && "status" in actionData ? actionData : null;
  const cardResult = actionData && "card" in actionData ? actionData : null;
  // Errors show once, where they belong (the form's or the card's error box), never again as a toast.

  const order = data.order;
  const purchase = data.purchase;
  const catalogueItem =
    purchase.kind === "catalogue" && purchase.product
      ? { unitPriceCents: purchase.product.priceCents, minimumQuantity: purchase.minimumQuantity }
      : null;
  const shippingDefaults = {
    ...(order?.shipping ?? data.previous ?? {}),
    ...(purchase.kind === "catalogue" ? { quantity: String(purchase.quantity) } : {}),
  };
  // A new catalogue order needs a product the shop sells and has in stock.
  const unavailable =
    !order && purchase.kind === "catalogue" && (!purchase.product ? "unavailable" : !purchase.product.isInStock ? "out_of_stock" : null);
  const catalogue = !order && purchase.kind === "catalogue" && purchase.product ? purchase : null;
  // The bag's checkout (or an order of several lines): its total is the lines', not typed.
  const bag = purchase.kind === "bag" ? purchase : null;

  return (
    <CheckoutFrame
      className="container-page py-8"
      theme={data.checkoutTheme}
      colors={shop?.colors ?? DEFAULT_SHOP_COLORS}
      bannerText={shop?.bannerText ?? ""}
      step={data.step}
      heading={<h1 className="sr-only">{t("checkout.title")}</h1>}
    >
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        {/* The summary (what is being bought) comes first in the page, as a phone shows it; a
            wide screen puts it in the right column. Placed first by CSS alone, it was painted
            after the form when the browser showed the page before it had all of it, then
            pushed the form down. */}
        <div className="lg:sticky lg:top-6 lg:col-start-2 lg:row-start-1 lg:self-start">
          <OrderSummary purchase={purchase} order={order} currency={data.currency} testMode={data.provider.testMode} />
        </div>
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          {!data.canReceivePayments && data.step !== "success" ? (
            <PaymentSetupError contactEmail={data.contactEmail} />
          ) : unavailable ? (
            <div data-testid="purchase-unavailable">
              <Alert tone="warning" title={t(`purchase.${unavailable}_title`)}>
                <p>{t(`purchase.${unavailable}_body`)}</p>
                <Link to="/products" className="mt-2 inline-block font-medium underline">
                  {t("purchase.back_to_catalogue")}
                </Link>
              </Alert>
            </div>
          ) : data.step === "shipping" && bag && !order && !bag.ready ? (
            <BagNotReady empty={bag.lines.length === 0} refusal={shippingResult?.error?.[""]?.[0] ?? null} />
          ) : data.step === "shipping" ? (
            <>
              {aboveForm}
              {catalogue?.choice ? <VariantPicker productId={catalogue.productId} choice={catalogue.choice} /> : null}
              {/* "Add to bag" refused without JavaScript and not offered any more (sold out meanwhile): why. */}
              {catalogue?.blocked ? <AddToBagRefusal productId={catalogue.productId} /> : null}
              {catalogue?.blocked === "sold_out" && !shippingResult ? (
                // Nothing left of it: say so, and take an email for when it is back.
                <div className="space-y-4" data-testid="purchase-sold-out">
                  <Alert tone="warning" title={t("stock_shop.label.sold_out")}>
                    {t("stock_shop.sold_out.body")}
                  </Alert>
                  <WaitlistForm
                    productId={catalogue.productId}
                    variants={catalogue.choice ? catalogue.waitlist : []}
                    chosenVariantId={catalogue.product!.variant?.id ?? null}
                  />
                </div>
              ) : catalogue?.blocked === "choose" ? (
                <p className="mb-6 text-sm" role="status" data-testid="choose-options">
                  {t("stock_shop.picker.choose_hint")}
                </p>
              ) : (
                <>
                  {catalogue?.offer ? <OfferNote expiresAt={catalogue.offer.expiresAt} /> : null}
                  {order ? null : <PreviousInfo data={data} />}
                  {order && data.resumed ? <ResumedNote number={order.number} productId={data.productId} /> : null}
                  {catalogue && !catalogue.offer ? (
                    // Several things in one order: the product (its variant picked) goes to the bag instead.
                    <div className="mb-6 rounded-xl border border-black/10 bg-white p-4 text-slate-900" id="add-to-bag">
                      <AddToBagForm
                        productId={catalogue.productId}
                        productName={catalogue.product!.name}
                        variantId={catalogue.product!.variant?.id ?? null}
                        liveCode={liveReference}
                        withQuantity
                      />
                    </div>
                  ) : null}
                  <ShippingForm
                    key={`${data.previous ? "prefilled" : "empty"}-${order?.id ?? "new"}-${data.productId ?? (bag ? "bag" : "live")}`}
                    minimumCents={data.minimumCents}
                    defaultValue={shippingDefaults}
                    lastResult={shippingResult}
                    productId={data.productId}
                    orderId={order?.id ?? null}
                    currency={data.currency}
                    catalogueItem={catalogueItem}
                    constraint={data.constraints.shipping}
                    liveReference={liveReference}
                    variantId={catalogue?.choice ? (catalogue.product!.variant?.id ?? null) : null}
                    offerToken={catalogue?.offer?.token ?? null}
                    bagTotalCents={bag ? bag.totalCents : null}
                    shipping={data.shipping}
                  />
                </>
              )}
              {/* Sold out as the form was sent (the page without JavaScript): the form keeps its
                  error and what was typed, and the waitlist is offered below it. */}
              {catalogue?.blocked === "sold_out" && shippingResult ? (
                <div className="mt-6 rounded-xl border border-black/10 bg-white p-4 text-slate-900">
                  <WaitlistForm
                    productId={catalogue.productId}
                    variants={catalogue.choice ? catalogue.waitlist : []}
                    chosenVariantId={catalogue.product!.variant?.id ?? null}
                  />
                </div>
              ) : null}
              {/* Another option is sold out: its waitlist, folded away (a sold-out option cannot be picked). */}
              {catalogue?.choice && catalogue.blocked !== "sold_out" && catalogue.waitlist.length > 0 ? (
                <details
                  className="mt-6 rounded-xl border border-black/10 bg-white p-4 text-slate-900"
                  data-testid="waitlist-other-options"
                >
                  <summary className="cursor-pointer text-sm font-medium">{t("stock_shop.waitlist.other_options")}</summary>
                  <div className="mt-3">
                    <WaitlistForm productId={catalogue.productId} variants={catalogue.waitlist} chosenVariantId={null} />
                  </div>
                </details>
              ) : null}
            </>
          ) : data.step === "payment" && order ? (
            <PaymentStep data={data} cardResult={cardResult} />
          ) : order ? (
            <SuccessPanel orderId={order.id} number={order.number} />
          ) : null}
        </div>
      </div>
    </CheckoutFrame>
  );
}

/** The bag's checkout with nothing to check out, or a bag that changed since: back to the bag. */
function BagNotReady({ empty, refusal }: { empty: boolean; refusal: string | null }) {
  const { t } = useTranslation();
  return (
    <div data-testid={empty ? "bag-checkout-empty" : "bag-checkout-review"}>
      <Alert tone="warning" title={t(empty ? "bag.empty_title" : "bag.review_title")}>
        {/* The shipping form was just refused for it ("Scarf (M): only 1 left"): say which line. */}
        {refusal ? <p className="font-medium">{translateMessage(t, refusal)}</p> : null}
        <p>{t(empty ? "bag.empty_body" : "bag.review_body")}</p>
        <Link to={empty ? "/products" : "/bag"} className="mt-2 inline-block font-medium underline">
          {t(empty ? "bag.browse" : "bag.review_link")}
        </Link>
      </Alert>
    </div>
  );
}

/** Back on the link of an unpaid order: say which order the form edits, and offer a fresh one. */
function ResumedNote({ number, productId }: { number: string; productId: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="mb-6" data-testid="resumed-order">
      <Alert tone="info" title={t("purchase.resumed", { number })}>
        <Link to={productId ? `/?product_id=${productId}&order=new` : "/?order=new"} className="underline">
          {t("purchase.start_new")}
        </Link>
      </Alert>
    </div>
  );
}

/** The reuse-my-previous-information offer, and the note once it was used. */
function PreviousInfo({ data }: { data: Data }) {
  const { t } = useTranslation();
  const base = data.productId ? `?product_id=${data.productId}&` : "?";
  if (data.previous) {
    return (
      <Alert tone="success" className="mb-6" title={t("checkout.previous.filled")}>
        <Link to={`${base}prefill=0`} replace preventScrollReset className="underline">
          {t("checkout.previous.clear")}
        </Link>
      </Alert>
    );
  }
  // The offer shows when there is something to reuse (after "clear"); asking for it anyway says why not.
  if (!data.hasPrevious && !data.prefillRequested) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3 text-sm">
      {data.hasPrevious ? (
        <Link to={`${base}prefill=1`} replace preventScrollReset className={buttonClasses("outline", "sm")} data-testid="previous-offer">
          {t("checkout.previous.offer")}
        </Link>
      ) : (
        <span role="status" className="text-slate-700">
          {t("checkout.previous.none")}
        </span>
      )}
    </div>
  );
}
