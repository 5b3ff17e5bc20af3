// The tables of db/tables.ts built for SQLite: the file drizzle-kit reads (drizzle.config.ts)
// and the schema of the SQLite connection (db/client.ts). Tables are written once, in
// db/tables.ts; this file only names them, so that drizzle-kit and drizzle find them.
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import type { OrderStatus, PaymentStatus } from "../app/lib/order-states";
import { defineRelations } from "./relations";
import { buildSqliteTables } from "./schema-builder";
import * as tables from "./tables";

const built = buildSqliteTables(tables);

export const {
  users,
  sessions,
  emailTokens,
  rateLimitEvents,
  knownLoginAddresses,
  registrationProgress,
  sellerProfiles,
  shops,
  shopDailyViews,
  shippingZones,
  shippingRates,
  shopDomains,
  categories,
  products,
  productVariants,
  stockHolds,
  stockMovements,
  waitlistEntries,
  parcels,
  orders,
  orderItems,
  orderEvents,
  paymentTransactions,
  orderRefunds,
  paymentEvents,
  paymentDisputes,
  installation,
  uploads,
  mailOutbox,
  simulatedAccounts,
  simulatedPaymentIntents,
  simulatedRefunds,
  apiKeys,
  orderStatusLinks,
  shopperAccessCodes,
  shopperEmailAccess,
  bags,
  bagLines,
  lives,
  liveEvents,
  claimLinks,
  claims,
} = built;

export const {
  usersRelations,
  sessionsRelations,
  sellerProfilesRelations,
  shopsRelations,
  categoriesRelations,
  productsRelations,
  ordersRelations,
  orderItemsRelations,
  orderEventsRelations,
  paymentTransactionsRelations,
} = defineRelations(built);

export type User = typeof users.$inferSelect;
export type Shop = typeof shops.$inferSelect;
export type SellerProfile = typeof sellerProfiles.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Product = typeof products.$inferSelect;
export type ProductVariant = typeof productVariants.$inferSelect;
export type StockHold = typeof stockHolds.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type Parcel = typeof parcels.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type PaymentTransaction = typeof paymentTransactions.$inferSelect;
export type OrderRefund = typeof orderRefunds.$inferSelect;
export type PaymentDispute = typeof paymentDisputes.$inferSelect;
export type Live = typeof lives.$inferSelect;
export type Claim = typeof claims.$inferSelect;
export type ClaimLink = typeof claimLinks.$inferSelect;
export type ShopDomain = typeof shopDomains.$inferSelect;
export type { OrderStatus, PaymentStatus };
