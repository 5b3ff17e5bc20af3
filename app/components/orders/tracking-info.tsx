import { useTranslation } from "react-i18next";
import { buttonClasses } from "~/components/ui/button";
import { LocalTime } from "~/components/ui/local-time";
import type { Fulfillment } from "~/domain/orders/tracking.server";

/** How an order left (carrier, tracking number, when) and the carrier's tracking link when it has one. */
export function TrackingInfo({
  fulfillment,
  className,
  heading: Heading = "h2",
}: {
  fulfillment: Fulfillment;
  className?: string;
  heading?: "h2" | "h3";
}) {
  const { t } = useTranslation();
  return (
    <div className={className} data-testid="order-tracking">
      <Heading className={Heading === "h2" ? "text-lg font-semibold" : "font-semibold"}>{t("fulfillment.shipped_title")}</Heading>
      <p className="mt-1 text-sm">
        {fulfillment.carrier ? (
          <>{t("fulfillment.shipped_with", { carrier: t(`fulfillment.carriers.${fulfillment.carrier}`) })} · </>
        ) : null}
        <LocalTime value={fulfillment.shippedAt} format="longDateTime" />
      </p>
      {fulfillment.trackingNumber ? (
        <p className="mt-1 text-sm">
          {t("common.label_colon", { label: t("fulfillment.tracking_number") })}{" "}
          <span className="font-mono break-all">{fulfillment.trackingNumber}</span>
        </p>
      ) : null}
      {fulfillment.trackingUrl ? (
        <a href={fulfillment.trackingUrl} rel="noopener noreferrer" className={buttonClasses("primary", "sm", "mt-3")}>
          {t("fulfillment.track")}
        </a>
      ) : null}
    </div>
  );
}
