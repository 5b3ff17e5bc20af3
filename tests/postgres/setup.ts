// Each test file gets a fresh database copied from the migrated template the global setup made.
import crypto from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";

const template = new URL(inject("postgresUrl"));
const name = `test_${crypto.randomBytes(6).toString("hex")}`;
const admin = postgres(template.toString(), { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name} template ${template.pathname.slice(1)}`);
await admin.end();

const url = new URL(template);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.SESSION_SECRET ??= "postgres-tests-session-secret-0123456789abcdef";
process.env.SEED_DEMO = "0";
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
export {};
