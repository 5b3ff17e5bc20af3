// The tables the app queries, from the engine DATABASE_URL names: db/schema-sqlite.ts for
// `file:` URLs (the default), db/schema-pg.ts for `postgres://` ones. Both build the tables of
// db/tables.ts, with the same row types (tests/unit/schema-parity.test.ts), so the domain is typed
// once, with the SQLite definitions, and runs on either; the engine is fixed when the process
// starts (this module reads DATABASE_URL when it is first imported).
import * as pg from "./schema-pg";
import * as sqlite from "./schema-sqlite";
import { isPostgresUrl } from "./url";

export type SchemaEngine = "sqlite" | "postgres";
export const schemaEngine: SchemaEngine = isPostgresUrl(process.env.DATABASE_URL ?? "") ? "postgres" : "sqlite";
// A PostgreSQL table stands in for its SQLite twin: same names, columns and row types.
const tables = (schemaEngine === "postgres" ? pg : sqlite) as unknown as typeof sqlite;

export const users = tables.users;
export const sessions = tables.sessions;
export const emailTokens = tables.emailTokens;
export const rateLimitEvents = tables.rateLimitEvents;
export const knownLoginAddresses = tables.knownLoginAddresses;
export const registrationProgress = tables.registrationProgress;
export const sellerProfiles = tables.sellerProfiles;
export const shops = tables.shops;
export const shopDailyViews = tables.shopDailyViews;
export const shippingZones = tables.shippingZones;
export const shippingRates = tables.shippingRates;
export const shopDomains = tables.shopDomains;
export const categories = tables.categories;
export const products = tables.products;
export const productVariants = tables.productVariants;
export const stockHolds = tables.stockHolds;
export const stockMovements = tables.stockMovements;
export const waitlistEntries = tables.waitlistEntries;
export const parcels = tables.parcels;
export const orders = tables.orders;
export const orderItems = tables.orderItems;
export const orderEvents = tables.orderEvents;
export const paymentTransactions = tables.paymentTransactions;
export const orderRefunds = tables.orderRefunds;
export const paymentEvents = tables.paymentEvents;
export const paymentDisputes = tables.paymentDisputes;
export const installation = tables.installation;
export const mailOutbox = tables.mailOutbox;
export const simulatedAccounts = tables.simulatedAccounts;
export const simulatedPaymentIntents = tables.simulatedPaymentIntents;
export const simulatedRefunds = tables.simulatedRefunds;
export const apiKeys = tables.apiKeys;
export const orderStatusLinks = tables.orderStatusLinks;
export const shopperAccessCodes = tables.shopperAccessCodes;
export const shopperEmailAccess = tables.shopperEmailAccess;
export const bags = tables.bags;
export const bagLines = tables.bagLines;
export const uploads = tables.uploads;
export const lives = tables.lives;
export const liveEvents = tables.liveEvents;
export const claimLinks = tables.claimLinks;
export const claims = tables.claims;

/** The whole schema of the chosen engine, with its relations, for drizzle(). */
export const engineSchema = schemaEngine === "postgres" ? pg : sqlite;

export type {
  Category,
  Claim,
  ClaimLink,
  Live,
  Order,
  OrderItem,
  OrderRefund,
  OrderStatus,
  Parcel,
  PaymentDispute,
  PaymentStatus,
  PaymentTransaction,
  Product,
  ProductVariant,
  SellerProfile,
  StockHold,
  Shop,
  ShopDomain,
  User,
} from "./schema-sqlite";
