// The tables of db/tables.ts built for PostgreSQL: the file drizzle-kit reads
// (drizzle.pg.config.ts) and the schema of the PostgreSQL connection (db/client.ts). Same
// tables, columns, keys, indexes and TypeScript row types as db/schema-sqlite.ts, by
// construction; tests/unit/schema-parity.test.ts checks it.
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { defineRelations } from "./relations";
import { buildPgTables } from "./schema-builder";
import * as tables from "./tables";

const built = buildPgTables(tables);

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
