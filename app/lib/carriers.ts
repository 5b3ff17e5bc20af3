// The carriers a seller ships with (issue 28): the database's column type, the fulfillment
// API's enum and the ship form's choices all read this list. Their tracking pages are built
// in app/domain/orders/tracking.server.ts.

export const CARRIERS = ["colissimo", "la_poste", "mondial_relay", "chronopost", "dhl", "ups", "gls", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** How many hours apart a shopper's paid orders may be placed and still share a parcel (a shop setting). */
export const PARCEL_WINDOW_HOURS = { default: 24, min: 1, max: 168 } as const;

/** A tracking number as typed may hold spaces ("6A 1234 5678 901"); at most this many characters. */
export const TRACKING_NUMBER_MAX = 40;
/** What a tracking number is made of once its spaces are gone: letters, digits and dashes. */
export const TRACKING_NUMBER_PATTERN = "[A-Za-z0-9][A-Za-z0-9 \\-]{2,59}";
