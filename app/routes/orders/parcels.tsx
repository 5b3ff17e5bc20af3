import { useTranslation } from "react-i18next";
import type { Route } from "./+types/parcels";
import { ParcelCard } from "~/components/orders/parcel-card";
import { BackLink } from "~/components/ui/back-link";
import { useFocusWhenLost } from "~/components/ui/use-focus-when-lost";
import { openParcels } from "~/domain/orders/parcels.server";
import { requireSellerPage } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";

/**
 * /orders/parcels: the seller's paid orders still to ship, grouped by parcel (one shopper,
 * one address, one live or the shop's window), each with its packing list and the form
 * that ships it (posted to the parcel's page, `parcel.tsx`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop } = await requireSellerPage(request, context);
  return {
    parcels: await openParcels(shop.id),
    windowHours: shop.parcelWindowHours,
    title: getI18nInstance(context).t("parcels.title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

export default function ParcelsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { parcels, windowHours, title } = loaderData;
  // A parcel shipped leaves the list with its focused button: the focus comes to the page's heading.
  const heading = useFocusWhenLost<HTMLHeadingElement>(parcels.length);
  return (
    <section className="container-page max-w-4xl space-y-6 py-10">
      <BackLink to="/orders">{t("orders.back_to_list")}</BackLink>
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          {title}
        </h1>
        <p className="mt-2 opacity-80">{t("parcels.subtitle", { hours: windowHours })}</p>
      </div>
      {parcels.length === 0 ? (
        <p className="rounded-xl border border-black/10 bg-white p-6 text-slate-700" data-testid="parcels-empty">
          {t("parcels.empty")}
        </p>
      ) : (
        parcels.map((parcel) => <ParcelCard key={parcel.id} parcel={parcel} />)
      )}
    </section>
  );
}
