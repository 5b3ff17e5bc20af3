import type { Carrier } from "~/lib/carriers";
import type { Order } from "~db/schema";

/**
 * The carriers' public tracking pages (issue 28): the one place their addresses are built,
 * for the shipped mail, the order's status page and the API's `tracking_url`. The number is
 * already a plain code (letters, digits, dashes: `shipmentSchema`) and is URL-encoded anyway.
 * "Other" has no page: the shopper is given the number alone.
 */
const TRACKING_PAGES: Record<Exclude<Carrier, "other">, (code: string, zipCode: string) => string> = {
  // La Poste tracks its letters and Colissimo parcels on one page.
  colissimo: (code) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${code}`,
  la_poste: (code) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${code}`,
  // Mondial Relay asks for the destination's postcode with the number.
  mondial_relay: (code, zipCode) =>
    `https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=${code}${zipCode ? `&codePostal=${encodeURIComponent(zipCode)}` : ""}`,
  chronopost: (code) => `https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=${code}`,
  dhl: (code) => `https://www.dhl.com/fr-fr/home/tracking.html?tracking-id=${code}&submit=1`,
  ups: (code) => `https://www.ups.com/track?tracknum=${code}`,
  gls: (code) => `https://gls-group.com/FR/fr/suivi-colis/?match=${code}`,
};

export function trackingUrl(carrier: Carrier, trackingNumber: string, zipCode = ""): string | null {
  if (carrier === "other") return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(trackingNumber), zipCode.replace(/\s+/g, ""));
}

/** How an order left: carrier, number, its tracking page and when (null before it was shipped). */
export type Fulfillment = { carrier: Carrier | null; trackingNumber: string | null; trackingUrl: string | null; shippedAt: string };

export function orderFulfillment(order: Pick<Order, "carrier" | "trackingNumber" | "shippedAt" | "zipCode">): Fulfillment | null {
  if (!order.shippedAt) return null;
  return {
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber, order.zipCode) : null,
    shippedAt: order.shippedAt.toISOString(),
  };
}

/** The API's `fulfillment`. */
export function fulfillmentResource(fulfillment: Fulfillment | null) {
  return fulfillment
    ? {
        carrier: fulfillment.carrier,
        tracking_number: fulfillment.trackingNumber,
        tracking_url: fulfillment.trackingUrl,
        shipped_at: fulfillment.shippedAt,
      }
    : null;
}
