import { defineConfig } from "drizzle-kit";

// PostgreSQL twin of drizzle.config.ts (SQLite): `npm run db:generate` writes both migration sets.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema-pg.ts",
  out: "./db/migrations-pg",
  dbCredentials: {
    url: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/live_shop",
  },
});
