import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/parcel";
import { ParcelCard } from "~/components/orders/parcel-card";
import { BackLink } from "~/components/ui/back-link";
import { ValidationError } from "~/domain/errors.server";
import { translateMessage } from "~/lib/messages";
import { shipParcel } from "~/domain/orders/fulfillment.server";
import { formatOrderNumber } from "~/domain/orders/orders.server";
import { openParcel } from "~/domain/orders/parcels.server";
import { parseInput } from "~/http/api.server";
import { formAction } from "~/http/forms.server";
import { notFoundPage, orNotFound, requireSellerPage, throwIfNotFound } from "~/http/guards.server";
import { parsePathId } from "~/lib/path-id";
import { safeRedirectPath } from "~/lib/redirect-path";
import { getI18nInstance } from "~/middleware/i18n.server";
import { shipmentSchema } from "~/schemas/fulfillment";
import { shipFormRefused, shipmentTyped } from "./ship-actions.server";

function parcelIdParam(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw notFoundPage();
  return id;
}

/** /orders/parcels/{id}: one parcel to ship, its packing list to print, and its ship form. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { shop } = await requireSellerPage(request, context);
  const parcel = await orNotFound(openParcel(parcelIdParam(params.parcelId), shop.id));
  return { parcel, title: getI18nInstance(context).t("parcels.parcel", { id: parcel.id }) };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

/**
 * Ships the parcel: every order of it with one carrier and number, one mail to the shopper;
 * then back to the parcels (a toast). A refused shipment answers this page with the errors
 * (in place on the parcels screen with JavaScript); a parcel shipped meanwhile goes back to
 * the parcels with a toast; one that is not the seller's is the 404 page.
 */
export const action = formAction(async ({ request, params, context }) => {
  const { shop, user } = await requireSellerPage(request, context);
  return { shop, user, parcelId: parcelIdParam(params.parcelId) };
})({
  ship: {
    errors: (error, { formData, context }) => {
      throwIfNotFound(error);
      if (error instanceof ValidationError) return shipFormRefused(error, formData);
      // Shipped meanwhile (another tab, another request): back to the parcels, saying so.
      setToast(context, { type: "error", message: translateMessage(getI18nInstance(context).t, error.messageKey, error.values) });
      return redirect("/orders/parcels");
    },
    handle: async ({ guarded: { shop, user, parcelId }, formData, context }) => {
      const shipment = parseInput(shipmentSchema, shipmentTyped(formData));
      const shipped = await shipParcel(parcelId, shop.id, shipment, { userId: user.id });
      setToast(context, {
        type: "success",
        message: getI18nInstance(context).t("parcels.shipped_toast", {
          id: parcelId,
          numbers: shipped.map((order) => `#${formatOrderNumber(order.number)}`).join(", "),
        }),
      });
      return redirect(safeRedirectPath(formData.get("returnTo"), "/orders/parcels"));
    },
  },
});

export default function ParcelPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="container-page max-w-4xl space-y-6 py-10">
      <div data-print-hidden="">
        <BackLink to="/orders/parcels">{t("parcels.back")}</BackLink>
      </div>
      <ParcelCard parcel={loaderData.parcel} printPage headingLevel="h1" shipResult={actionData} />
    </section>
  );
}
