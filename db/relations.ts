// The relations between the tables of db/tables.ts, written once for both engines: they name
// tables and columns only, and drizzle's relation types are the same for either dialect.
import { relations } from "drizzle-orm";
import type { PgTables, SqliteTables } from "./schema-builder";
import type * as tables from "./tables";

export function defineRelations(t: SqliteTables<typeof tables> | PgTables<typeof tables>) {
  return {
    usersRelations: relations(t.users, ({ one, many }) => ({
      sellerProfile: one(t.sellerProfiles, {
        fields: [t.users.id],
        references: [t.sellerProfiles.userId],
      }),
      shop: one(t.shops, { fields: [t.users.id], references: [t.shops.ownerId] }),
      sessions: many(t.sessions),
    })),

    sessionsRelations: relations(t.sessions, ({ one }) => ({
      user: one(t.users, { fields: [t.sessions.userId], references: [t.users.id] }),
    })),

    sellerProfilesRelations: relations(t.sellerProfiles, ({ one }) => ({
      user: one(t.users, { fields: [t.sellerProfiles.userId], references: [t.users.id] }),
    })),

    shopsRelations: relations(t.shops, ({ one, many }) => ({
      owner: one(t.users, { fields: [t.shops.ownerId], references: [t.users.id] }),
      categories: many(t.categories),
      products: many(t.products),
      orders: many(t.orders),
    })),

    categoriesRelations: relations(t.categories, ({ one, many }) => ({
      shop: one(t.shops, { fields: [t.categories.shopId], references: [t.shops.id] }),
      products: many(t.products),
    })),

    productsRelations: relations(t.products, ({ one }) => ({
      shop: one(t.shops, { fields: [t.products.shopId], references: [t.shops.id] }),
      category: one(t.categories, { fields: [t.products.categoryId], references: [t.categories.id] }),
    })),

    ordersRelations: relations(t.orders, ({ one, many }) => ({
      shop: one(t.shops, { fields: [t.orders.shopId], references: [t.shops.id] }),
      items: many(t.orderItems),
      events: many(t.orderEvents),
      transaction: one(t.paymentTransactions, {
        fields: [t.orders.id],
        references: [t.paymentTransactions.orderId],
      }),
    })),

    orderItemsRelations: relations(t.orderItems, ({ one }) => ({
      order: one(t.orders, { fields: [t.orderItems.orderId], references: [t.orders.id] }),
      product: one(t.products, { fields: [t.orderItems.productId], references: [t.products.id] }),
    })),

    orderEventsRelations: relations(t.orderEvents, ({ one }) => ({
      order: one(t.orders, { fields: [t.orderEvents.orderId], references: [t.orders.id] }),
    })),

    paymentTransactionsRelations: relations(t.paymentTransactions, ({ one }) => ({
      order: one(t.orders, { fields: [t.paymentTransactions.orderId], references: [t.orders.id] }),
    })),
  };
}
