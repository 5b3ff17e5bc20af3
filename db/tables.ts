// Every table, written once: db/schema-sqlite.ts and db/schema-pg.ts build them for their
// engine (db/schema-builder.ts says how), and drizzle-kit reads those two files. The column
// helpers choose the SQL type per engine (docs/database.md has the mapping): timestamps are
// Dates, booleans booleans, JSON typed with `$type<T>()`, money integer cents. Defaults are
// filled in by the ORM (portable to both engines, see docs/database.md). Relations are in
// db/relations.ts; row types (User, Order, ...) in db/schema-sqlite.ts, re-exported by db/schema.ts.
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { LIVE_PLATFORMS } from "../app/lib/live-platforms";
import { CARRIERS } from "../app/lib/carriers";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../app/lib/order-states";
import { STOCK_MOVEMENT_KINDS, type ProductOption } from "../app/lib/stock-kinds";
import {
  boolean,
  bytes,
  createdAt,
  flag,
  id,
  index,
  integer,
  json,
  money,
  primaryKey,
  singletonKey,
  table,
  text,
  timestamp,
  uniqueIndex,
  updatedAt,
} from "./schema-builder";

/* ------------------------------------------------------------------ identity */

export const users = table("users", {
  id: id(),
  // Stored lower-cased; unique across the platform.
  email: text("email").notNull().unique(),
  username: text("username").notNull(),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phoneNumber: text("phone_number").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  isVerified: flag("is_verified"),
  isSeller: flag("is_seller"),
  isStaff: flag("is_staff"),
  language: text("language", { enum: ["en", "fr"] })
    .notNull()
    .default("en"),
  // When the seller saw the onboarding-complete confetti: once per user, on any browser.
  onboardingCelebratedAt: timestamp("onboarding_celebrated_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Server-side sessions. The cookie holds a random token; only its SHA-256 is stored.
// A session without a user belongs to a visitor (e.g. registration progress).
export const sessions = table(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    ipAddress: text("ip_address").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

// Single-use tokens sent by mail (email verification, later password reset). Hashed.
export const emailTokens = table(
  "email_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

// Sliding-window counters (login failures, resend cooldowns): one row per event.
export const rateLimitEvents = table(
  "rate_limit_events",
  {
    id: id(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [index("rate_limit_events_key_idx").on(t.key, t.createdAt)],
);

// Addresses a user has signed in from (the rate-limit key of the address, so an IPv6 /64).
// While the account's email-wide failure limit is full, these addresses may still sign in:
// a brute force from elsewhere must not lock the owner out (docs/security.md).
export const knownLoginAddresses = table(
  "known_login_addresses",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    lastLoginAt: timestamp("last_login_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index("known_login_addresses_last_login_idx").on(t.lastLoginAt)],
);

// Seller registration wizard progress, held per visitor session.
export const registrationProgress = table("registration_progress", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  currentStep: integer("current_step").notNull().default(0),
  // JSON of the validated fields of steps 1 and 2.
  data: json("data").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/* ------------------------------------------------------------------- sellers */

export const sellerProfiles = table("seller_profiles", {
  id: id(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  businessName: text("business_name").notNull(),
  businessType: text("business_type", {
    enum: ["individual", "company", "non_profit"],
  }).notNull(),
  businessDescription: text("business_description").notNull().default(""),
  businessAddress: text("business_address").notNull().default(""),
  taxId: text("tax_id").notNull().default(""),
  contactEmail: text("contact_email").notNull().default(""),
  contactPhone: text("contact_phone").notNull().default(""),
  website: text("website").notNull().default(""),
  siret: text("siret").notNull().default(""),
  // ISO 3166-1 alpha-2 country of the business: the connected account is created in it
  // and its country can never change afterwards.
  country: text("country").notNull().default("FR"),
  verificationStatus: text("verification_status", {
    enum: ["pending", "under_review", "verified", "rejected"],
  })
    .notNull()
    .default("under_review"),
  rejectionReason: text("rejection_reason").notNull().default(""),
  verifiedAt: timestamp("verified_at"),
  stripeConnectAccountId: text("stripe_connect_account_id").unique(),
  stripeDetailsSubmitted: flag("stripe_details_submitted"),
  stripeOnboardingCompleted: flag("stripe_onboarding_completed"),
  stripeChargesEnabled: flag("stripe_charges_enabled"),
  stripePayoutsEnabled: flag("stripe_payouts_enabled"),
  // Bumped when the seller disconnects the platform from the account, so that connecting
  // again creates a new account instead of replaying the dead one's idempotency key.
  paymentAccountGeneration: integer("payment_account_generation").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/* --------------------------------------------------------------------- shops */

export const shops = table("shops", {
  id: id(),
  ownerId: integer("owner_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  subdomain: text("subdomain").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  businessType: text("business_type").notNull().default("individual"),
  currency: text("currency").notNull().default("EUR"),
  // A shop answers on its subdomain only once it is live (onboarding tenant_setup).
  isLive: flag("is_live"),
  liveSince: timestamp("live_since"),
  // Customization
  logoPath: text("logo_path"),
  primaryColor: text("primary_color").notNull().default("#FF0055"),
  secondaryColor: text("secondary_color").notNull().default("#D946EF"),
  backgroundColor: text("background_color").notNull().default("#ffffff"),
  textColor: text("text_color").notNull().default("#111111"),
  checkoutBannerTextEn: text("checkout_banner_text_en").notNull().default(""),
  checkoutBannerTextFr: text("checkout_banner_text_fr").notNull().default(""),
  customCss: text("custom_css").notNull().default(""),
  minimumOrderAmountCents: money("minimum_order_amount_cents"),
  // Stock: "Only N left" is shown at this many units or fewer; a placed order holds its units this long.
  lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
  holdMinutes: integer("hold_minutes").notNull().default(10),
  // Orders of one shopper placed within this many hours of a parcel's first one join it (issue 28).
  parcelWindowHours: integer("parcel_window_hours").notNull().default(24),
  // Claims from a live's chat (issue 29): the words that make a comment a claim (null: the
  // defaults of both languages, app/lib/claim-words.ts) and how many units of one product a
  // viewer's handle may claim in a live.
  claimWords: json("claim_words").$type<string[]>(),
  claimCapPerProduct: integer("claim_cap_per_product").notNull().default(3),
  // Next per-shop order number; incremented inside the order-creating transaction.
  nextOrderNumber: integer("next_order_number").notNull().default(1),
  // Bumped when the shop's products or categories change: part of the shop page cache's key.
  contentVersion: integer("content_version").notNull().default(0),
  // The seller's business country (seller_profiles.country, copied when it is set): the
  // checkout's country list starts with it, with no join on the shop's every request.
  country: text("country").notNull().default("FR"),
  // Whether the shop charges shipping (it has shipping zones or a local pickup): the checkout
  // reads the rates only then; a shop without keeps shipping included in its prices.
  chargesShipping: flag("charges_shipping"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A shop's shipping zone: the countries its rates deliver to (ISO 3166-1 alpha-2 codes). */
export const shippingZones = table(
  "shipping_zones",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    countries: json("countries").$type<string[]>().notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("shipping_zones_shop_idx").on(t.shopId, t.position)],
);

/**
 * A shipping rate of a zone, or the shop's local pickup (no zone, free, offered whatever the
 * country, with its address). Orders keep its name and price of the day.
 */
export const shippingRates = table(
  "shipping_rates",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    zoneId: integer("zone_id").references(() => shippingZones.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    priceCents: money("price_cents").notNull().default(0),
    // Free when the order's subtotal reaches this amount (null: never free).
    freeFromCents: money("free_from_cents"),
    // Delivery time as the seller words it ("2-3 days").
    delivery: text("delivery").notNull().default(""),
    pickupAddress: text("pickup_address"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("shipping_rates_shop_idx").on(t.shopId, t.position), index("shipping_rates_zone_idx").on(t.zoneId)],
);

export const shopDailyViews = table(
  "shop_daily_views",
  {
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    day: text("day").notNull(), // YYYY-MM-DD (UTC)
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);

/**
 * A seller's own domain for their shop (issue 30): `boutique-lea.fr` or `shop.lea.fr`, stored
 * in lower case ASCII (punycode for an IDN), one shop per domain. It serves the shop once
 * verified through DNS: a TXT record `_livecart-verify.{domain}` holding `verificationToken`,
 * and the domain pointing at the platform. Checked in the background until `checkUntil` (72 h
 * after it was added); `problem` says what the last check found missing, `primary` makes it the
 * address everything prints (at most one per shop).
 */
export const shopDomains = table(
  "shop_domains",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    domain: text("domain").notNull().unique(),
    status: text("status", { enum: ["pending", "verified"] })
      .notNull()
      .default("pending"),
    verificationToken: text("verification_token").notNull(),
    // What the last check found wrong (null: nothing yet, or verified): "txt_missing",
    // "txt_mismatch", "pointing_missing", "pointing_elsewhere", "dns_unavailable".
    problem: text("problem"),
    isPrimary: boolean("is_primary").notNull().default(false),
    lastCheckedAt: timestamp("last_checked_at"),
    verifiedAt: timestamp("verified_at"),
    checkUntil: timestamp("check_until").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("shop_domains_shop_idx").on(t.shopId), index("shop_domains_check_idx").on(t.status, t.checkUntil)],
);

/* ----------------------------------------------------------------- catalogue */

export const categories = table(
  "categories",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_shop_slug_uq").on(t.shopId, t.slug)],
);

export const products = table(
  "products",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").references(() => categories.id, {
      onDelete: "set null",
    }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: money("price_cents").notNull(),
    imagePath: text("image_path"),
    // The seller's switch: off, the product is sold out whatever its stock.
    isInStock: boolean("is_in_stock").notNull().default(true),
    // The options its variants are built from (at most three), in the seller's order:
    // [{name: "Size", values: ["S", "M", "L"]}]. Empty: one variant without options.
    options: json("options").$type<ProductOption[]>().notNull().default([]),
    // What its pages last showed of its stock (its and its variants' labels, see
    // app/lib/stock-label.ts): the shop's page cache is renewed when this changes, not on
    // every hold.
    stockLabels: text("stock_labels").notNull().default(""),
    // Its short code for claims in a live's chat ("SOLD A7 M"): 1 to 8 letters or digits,
    // stored in capitals so that the shop's unique index ignores case (issue 29).
    code: text("code"),
    // Products that were ordered are archived instead of deleted.
    archivedAt: timestamp("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("products_shop_idx").on(t.shopId, t.archivedAt, t.id),
    index("products_shop_category_idx").on(t.shopId, t.categoryId, t.id),
    uniqueIndex("products_shop_code_uq").on(t.shopId, t.code),
  ],
);

// What is sold and counted: every product has at least one variant (a product without
// options has exactly one, with `options` {}), so stock, holds and order lines always name
// a variant (docs/stock.md). `stock` null = not tracked (sells without limit); otherwise
// the units on hand, `reserved` of them held by unpaid orders and waitlist offers, so
// `stock - reserved` can be sold. Both only move through app/domain/stock.
export const productVariants = table(
  "product_variants",
  {
    id: id(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    // {"Size": "M", "Colour": "Blue"}, and the same as a stable key ("Colour=Blue|Size=M", lower
    // case, accents kept) so that one combination exists once per product.
    options: json("options").$type<Record<string, string>>().notNull().default({}),
    optionKey: text("option_key").notNull().default(""),
    position: integer("position").notNull().default(0),
    sku: text("sku"),
    // Replaces the product's price when set.
    priceCents: money("price_cents"),
    stock: integer("stock"),
    reserved: integer("reserved").notNull().default(0),
    // A variant that was ordered is archived instead of deleted when the seller removes it.
    archivedAt: timestamp("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("product_variants_product_option_uq").on(t.productId, t.optionKey), index("product_variants_shop_idx").on(t.shopId)],
);

// Units held for an unpaid order or a waitlist offer until `expiresAt`: "held" counts in
// the variant's `reserved`; "sold" (the order was paid) and "released" (expired, cancelled)
// no longer do. An expired hold still "held" is released by the next reservation of its
// variant or by the sweep, and is never counted as held by a read (docs/stock.md).
export const stockHolds = table(
  "stock_holds",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    waitlistEntryId: integer("waitlist_entry_id"),
    // A claim from a live's chat holds its units like an order (issue 29).
    claimId: integer("claim_id"),
    quantity: integer("quantity").notNull(),
    state: text("state", { enum: ["held", "sold", "released"] })
      .notNull()
      .default("held"),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("stock_holds_variant_idx").on(t.variantId, t.state, t.expiresAt),
    index("stock_holds_order_idx").on(t.orderId),
    index("stock_holds_expiry_idx").on(t.state, t.expiresAt),
    index("stock_holds_claim_idx").on(t.claimId),
  ],
);

// The stock history the seller reads: every change of a variant's stock or holds, with who
// (a user, or none for the shop's own processes) and why.
export const stockMovements = table(
  "stock_movements",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    // Change of the units on hand (a sale -1, a restock +2) and of the units held.
    stockDelta: integer("stock_delta").notNull().default(0),
    reservedDelta: integer("reserved_delta").notNull().default(0),
    stockAfter: integer("stock_after"),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("stock_movements_product_idx").on(t.productId, t.createdAt)],
);

// Shoppers waiting for a sold-out variant, first come first served. When units come back
// the first "waiting" entry gets an offer: a hold of one unit and a mailed link.
export const waitlistEntries = table(
  "waitlist_entries",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    // Who waits: an email, or a viewer's claim in a live (`claimId`, status "waitlisted"),
    // whose link shows the unit when it is offered (issue 29). Exactly one of the two.
    email: text("email"),
    claimId: integer("claim_id"),
    language: text("language", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    state: text("state", { enum: ["waiting", "offered", "done"] })
      .notNull()
      .default("waiting"),
    // The offer's link token (its SHA-256) and its end.
    offerTokenHash: text("offer_token_hash"),
    offerExpiresAt: timestamp("offer_expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_variant_email_uq").on(t.variantId, t.email),
    index("waitlist_entries_queue_idx").on(t.variantId, t.state, t.id),
    index("waitlist_entries_product_idx").on(t.productId, t.state),
  ],
);

/* -------------------------------------------------------------------- orders */

// One parcel of a shop for one shopper (email and address): a paid order joins the open parcel
// it matches (same live, or placed within the shop's window of its first order) or opens one
// (app/domain/orders/parcels.server.ts). Shipped once, with all its orders.
export const parcels = table(
  "parcels",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    // The shopper's email, lower-cased, and address, normalised (parcels.server.ts: addressKey).
    email: text("email").notNull(),
    addressKey: text("address_key").notNull(),
    // The live of its first order, if any: every order of that live joins it.
    liveId: integer("live_id").references(() => lives.id, { onDelete: "set null" }),
    // When its first order was placed: the window counts from here.
    firstOrderAt: timestamp("first_order_at").notNull(),
    shippedAt: timestamp("shipped_at"),
    createdAt: createdAt(),
  },
  (t) => [index("parcels_open_idx").on(t.shopId, t.email, t.shippedAt)],
);

export const orders = table(
  "orders",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    // SHA-256 of the shopper cookie that placed the order (shoppers have no account).
    shopperKeyHash: text("shopper_key_hash"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    totalAmountCents: money("total_amount_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    reference: text("reference").notNull().default(""),
    socialNetworkHandle: text("social_network_handle").notNull().default(""),
    content: text("content").notNull().default(""),
    liveReference: text("live_reference").notNull().default(""),
    fullName: text("full_name").notNull(),
    companyName: text("company_name").notNull().default(""),
    email: text("email").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull().default(""),
    zipCode: text("zip_code").notNull(),
    country: text("country").notNull(),
    phone: text("phone").notNull(),
    language: text("language", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    paidAt: timestamp("paid_at"),
    // Until when its units are held for it (null: nothing held, e.g. untracked products).
    reservedUntil: timestamp("reserved_until"),
    // Paid for units that were gone (a late payment): refunded at once, automatically.
    stockRefundedAt: timestamp("stock_refunded_at"),
    // The live the order was placed from (its `/live/{code}` link), if any.
    liveId: integer("live_id").references(() => lives.id, { onDelete: "set null" }),
    // When the live's one-time payment reminder was sent for this unpaid order.
    reminderSentAt: timestamp("reminder_sent_at"),
    // Shipping (issue 28): the parcel the paid order is packed in, and how it left.
    parcelId: integer("parcel_id").references(() => parcels.id, { onDelete: "set null" }),
    carrier: text("carrier", { enum: CARRIERS }),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at"),
    // Shipping charged (part of the total: the subtotal is the total minus it), and the rate
    // chosen, by name as it was then (null: no shipping method, shipping included in prices).
    // The rate's id is kept as it was, without a foreign key: the seller may delete the rate
    // (SQLite's ALTER TABLE cannot add ON DELETE SET NULL to an existing table).
    shippingAmountCents: money("shipping_amount_cents").notNull().default(0),
    shippingRateId: integer("shipping_rate_id"),
    shippingMethod: text("shipping_method"),
    // "Add to my parcel" at checkout: the open parcel whose shipping this order shares (no
    // fee of its own); it joins that parcel when paid. No foreign key, as the rate's.
    shippingParcelId: integer("shipping_parcel_id"),
    // A cancellation under way since then (its refund at the provider): no other status change
    // applies meanwhile (orders/cancellation-claims.server.ts). Null: none.
    cancellingSince: timestamp("cancelling_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_shop_number_uq").on(t.shopId, t.number),
    index("orders_parcel_idx").on(t.parcelId),
    index("orders_shop_created_idx").on(t.shopId, t.createdAt),
    index("orders_shopper_idx").on(t.shopperKeyHash, t.shopId, t.createdAt),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_email_idx").on(t.email, t.shopId),
    index("orders_live_idx").on(t.liveId, t.createdAt),
  ],
);

export const orderItems = table(
  "order_items",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    // Snapshot at order time: later catalogue edits do not rewrite history.
    productName: text("product_name").notNull(),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    // "M / Blue" at order time ("" for a product without options).
    variantName: text("variant_name").notNull().default(""),
    quantity: integer("quantity").notNull().default(1),
    priceCents: money("price_cents").notNull(),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    index("order_items_variant_idx").on(t.variantId),
  ],
);

// Audit trail of an order: status moves, payments, refunds; who and when.
export const orderEvents = table(
  "order_events",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["created", "status", "payment", "refund", "refund_failed", "dispute"] }).notNull(),
    fromValue: text("from_value").notNull().default(""),
    toValue: text("to_value").notNull().default(""),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    // The amount of a refund event (kind "refund"; its reason goes in note), or of a refund
    // the provider failed after it was recorded (kind "refund_failed": the amount came back;
    // the provider's failure reason goes in note).
    amountCents: money("amount_cents"),
    createdAt: createdAt(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt), index("order_events_shop_idx").on(t.shopId, t.createdAt)],
);

/* ------------------------------------------------------------------ payments */

export const paymentTransactions = table(
  "payment_transactions",
  {
    // Public transaction id (random), returned as transaction_id.
    id: text("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "simulated"] }).notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    providerPaymentId: text("provider_payment_id").unique(),
    clientSecret: text("client_secret"),
    amountCents: money("amount_cents").notNull(),
    applicationFeeCents: money("application_fee_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    failureMessage: text("failure_message").notNull().default(""),
    refundedAmountCents: money("refunded_amount_cents").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payment_transactions_shop_idx").on(t.shopId, t.createdAt)],
);

// Refunds of an order's payment, full or partial. A row is written (status pending) in the
// same write transaction that checks the refundable rest, before the provider is called, so
// concurrent refunds can never exceed the amount paid; a failed refund frees its amount.
export const orderRefunds = table(
  "order_refunds",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: "cascade" }),
    amountCents: money("amount_cents").notNull(),
    reason: text("reason").notNull().default(""),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    providerRefundId: text("provider_refund_id"),
    failureMessage: text("failure_message").notNull().default(""),
    // A refund the provider made, then reported failed (Stripe's refund.failed: the card issuer
    // sent it back): the provider's reason (expired_or_canceled_card, ...) and the time of its
    // event, by the provider's clock, which tells a total it reported before the failure.
    failureReason: text("failure_reason"),
    providerFailedAt: timestamp("provider_failed_at"),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId, t.createdAt), index("order_refunds_shop_idx").on(t.shopId, t.createdAt)],
);

// Provider events (webhooks, simulated events) are processed once: ids are unique.
export const paymentEvents = table("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider", { enum: ["stripe", "simulated"] }).notNull(),
  type: text("type").notNull(),
  accountId: text("account_id"),
  receivedAt: createdAt(),
});

// Chargebacks: a shopper's bank contests a paid order's payment. One row per provider
// dispute, kept up to date by the provider's events (opened, updated, closed won or lost).
export const paymentDisputes = table(
  "payment_disputes",
  {
    id: id(),
    providerDisputeId: text("provider_dispute_id").notNull().unique(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => paymentTransactions.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    amountCents: money("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason").notNull().default(""),
    status: text("status").notNull(),
    evidenceDueBy: timestamp("evidence_due_by"),
    closedAt: timestamp("closed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("payment_disputes_order_idx").on(t.orderId)],
);

// This installation's random id (one row), prefixed to the provider idempotency keys:
// installations sharing a Stripe account (staging and production, a reset database)
// must never send the same key for different objects.
export const installation = table("installation", {
  singleton: singletonKey("singleton"),
  id: text("id").notNull(),
  createdAt: createdAt(),
});

/* ------------------------------------------------------------------- uploads */

// Uploaded images (logos, product photos), re-encoded, under a random name: in the database
// so that every node serves what any node stored.
export const uploads = table("uploads", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytes("bytes").notNull(),
  createdAt: createdAt(),
});

/* ---------------------------------------------------------------------- mail */

export const mailOutbox = table(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    template: text("template").notNull(),
    // Deduplicates mails that must go out once (e.g. "order paid" per order).
    dedupeKey: text("dedupe_key").unique(),
    transport: text("transport", { enum: ["outbox", "smtp"] }).notNull(),
    sentAt: timestamp("sent_at"),
    // SMTP delivery: a sender claims a row before sending; failures are retried.
    claimedAt: timestamp("claimed_at"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

/* ------------------------------------------------------ simulated payments */
// The built-in test-mode provider keeps its "remote" state here, like Stripe would.

export const simulatedAccounts = table("simulated_accounts", {
  id: text("id").primaryKey(), // acct_sim_...
  email: text("email").notNull(),
  businessName: text("business_name").notNull().default(""),
  country: text("country").notNull().default("FR"),
  detailsSubmitted: flag("details_submitted"),
  chargesEnabled: flag("charges_enabled"),
  payoutsEnabled: flag("payouts_enabled"),
  createdAt: createdAt(),
});

export const simulatedPaymentIntents = table(
  "simulated_payment_intents",
  {
    id: text("id").primaryKey(), // pi_sim_...
    accountId: text("account_id").notNull(),
    clientSecret: text("client_secret").notNull().unique(),
    amountCents: money("amount_cents").notNull(),
    currency: text("currency").notNull(),
    applicationFeeCents: money("application_fee_cents").notNull(),
    status: text("status", { enum: ["requires_payment_method", "requires_action", "processing", "succeeded", "canceled"] })
      .notNull()
      .default("requires_payment_method"),
    lastError: text("last_error").notNull().default(""),
    cardLast4: text("card_last4").notNull().default(""),
    amountRefundedCents: money("amount_refunded_cents").notNull().default(0),
    idempotencyKey: text("idempotency_key").unique(),
    metadata: json("metadata").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("simulated_payment_intents_account_idx").on(t.accountId)],
);

// Refunds made at the simulated provider; the idempotency key makes a retried call return
// the first refund, like Stripe's Idempotency-Key.
export const simulatedRefunds = table("simulated_refunds", {
  id: text("id").primaryKey(), // re_sim_...
  intentId: text("intent_id").notNull(),
  amountCents: money("amount_cents").notNull(),
  // The platform fee given back with it, in proportion to the amount (Stripe's refund_application_fee).
  applicationFeeRefundedCents: money("application_fee_refunded_cents").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  createdAt: createdAt(),
});

/* ------------------------------------------------------------------ api keys */

// Keys for the /api/v1 calls of a seller's integrations: shown once, stored hashed.
export const apiKeys = table(
  "api_keys",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    lastUsedAt: timestamp("last_used_at"),
    revokedAt: timestamp("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_user_idx").on(t.userId)],
);

/* ------------------------------------------------------------------ shopper access */

// Links that open one order's status page on any device (the order mails carry them).
// Only the token's SHA-256 is stored; the seller can revoke them (a new one is then mailed).
export const orderStatusLinks = table(
  "order_status_links",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    revokedAt: timestamp("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_links_order_idx").on(t.orderId)],
);

// One-time codes mailed to a shopper who wants to see their orders of one shop in a
// browser that did not place them. Bound to the browser (shopper cookie) that asked; hashed.
export const shopperAccessCodes = table(
  "shopper_access_codes",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    // Lower-cased, like orders.email.
    email: text("email").notNull(),
    shopperKeyHash: text("shopper_key_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("shopper_access_codes_lookup_idx").on(t.shopperKeyHash, t.shopId, t.email)],
);

// The emails a shopper browser proved with a code on a shop: it then sees that email's
// orders in that shop until the access expires or the shopper forgets it.
export const shopperEmailAccess = table(
  "shopper_email_access",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    shopperKeyHash: text("shopper_key_hash").notNull(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("shopper_email_access_uq").on(t.shopperKeyHash, t.shopId, t.email)],
);

/* ------------------------------------------------------------------ bag */

// A shopper's bag in one shop: tied to the browser's shopper cookie (its SHA-256, as
// orders.shopper_key_hash), one per shop and browser, kept 30 days after its last change.
export const bags = table(
  "bags",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    shopperKeyHash: text("shopper_key_hash").notNull(),
    // The live it was last filled from (an add on a live's page): its checkout is that live's
    // order. No foreign key (as the orders' shipping rate): the checkout reads the live again.
    liveId: integer("live_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("bags_shop_shopper_uq").on(t.shopId, t.shopperKeyHash), index("bags_updated_idx").on(t.updatedAt)],
);

// One line per variant (adding the same variant again adds to its quantity). `price_cents`
// is the unit price the shopper agreed to (when added, or confirmed since): a price that
// changed is shown and confirmed before paying, never charged silently.
export const bagLines = table(
  "bag_lines",
  {
    id: id(),
    bagId: integer("bag_id")
      .notNull()
      .references(() => bags.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    priceCents: money("price_cents").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("bag_lines_bag_variant_uq").on(t.bagId, t.variantId), index("bag_lines_variant_idx").on(t.variantId)],
);

/* ------------------------------------------------------------------ lives */

// A live sale: its public link is `/live/{code}` on the shop host while it is not ended.
export const lives = table(
  "lives",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    title: text("title").notNull(),
    platform: text("platform", { enum: LIVE_PLATFORMS }).notNull(),
    // The language of the live (the claims' replies in its chat).
    language: text("language", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    // A Twitch live's channel, whose public chat the platform reads while the live runs, one
    // reader across all nodes: the node holding `chat_reader_until` in the future (issue 29).
    chatChannel: text("chat_channel"),
    chatReader: text("chat_reader"),
    chatReaderUntil: timestamp("chat_reader_until"),
    scheduledAt: timestamp("scheduled_at"),
    endedAt: timestamp("ended_at"),
    pinnedProductId: integer("pinned_product_id").references(() => products.id, { onDelete: "set null" }),
    // Page loads of the live link, counted in memory and added every few seconds.
    visits: integer("visits").notNull().default(0),
    // The seller's one-time reminder to unpaid checkouts, this many minutes after they started.
    reminderDelayMinutes: integer("reminder_delay_minutes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("lives_shop_code_uq").on(t.shopId, t.code), index("lives_shop_created_idx").on(t.shopId, t.createdAt)],
);

// What changed in a live (an order placed or paid, a product pinned, the live ended), in
// commit order: every node reads them from here (one reader per node) and tells its open
// boards and live pages. Kept for a day.
export const liveEvents = table(
  "live_events",
  {
    id: id(),
    liveId: integer("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["order", "pin", "end", "stock", "claim"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_created_idx").on(t.createdAt)],
);

/* ------------------------------------------------------------------ claims */

// A viewer of a live, known by their chat handle (lower case, without "@"): their personal,
// unguessable link `/live/{live code}/c/{token}` shows everything they claimed in that live.
export const claimLinks = table(
  "claim_links",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    liveId: integer("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    handle: text("handle").notNull(),
    name: text("name"),
    platform: text("platform").notNull(),
    // Shown again on every claim of the handle (the API's `link`), so kept as such: 32 random bytes.
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("claim_links_live_handle_uq").on(t.liveId, t.handle)],
);

// One claiming comment: units of a variant held for a handle (a stock hold with `claim_id`)
// until paid (through an order of the link), released by the seller, expired, or waiting.
export const claims = table(
  "claims",
  {
    id: id(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    liveId: integer("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "cascade" }),
    linkId: integer("link_id")
      .notNull()
      .references(() => claimLinks.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: ["held", "paid", "released", "expired", "waitlisted"] })
      .notNull()
      .default("held"),
    heldUntil: timestamp("held_until"),
    // The order of the link that pays it (set when the viewer checks out).
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    // The comment as received (trimmed, control characters removed, at most 500 characters).
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("claims_live_idx").on(t.liveId, t.id),
    index("claims_link_idx").on(t.linkId, t.id),
    index("claims_variant_status_idx").on(t.variantId, t.status),
  ],
);
