// Shared by the schema (db/tables.ts) and the screens: what a stock change can be.

/** Why a variant's stock or holds moved (the seller's stock history). */
export const STOCK_MOVEMENT_KINDS = ["hold_released", "sale", "restock", "manual"] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** One option of a product's variants: "Size" with S, M, L. */
export type ProductOption = { name: string; values: string[] };

/** At most three options per product and 100 variants (issue 27). */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_PRODUCT_VARIANTS = 100;
/** A shop's hold time, in minutes: default 10, from 2 to 60. */
export const HOLD_MINUTES = { default: 10, min: 2, max: 60 } as const;
