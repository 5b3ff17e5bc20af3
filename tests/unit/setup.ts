// Every unit test file gets its own fresh in-memory database with the migrations applied.
process.env.DATABASE_URL = ":memory:";
process.env.SEED_DEMO = "0";
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";

const { migrateAppDatabase } = await import("~db/migrate-url");
await migrateAppDatabase();
export {};
