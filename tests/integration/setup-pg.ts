// The integration suite on a real PostgreSQL: the same environment as on SQLite (setup.ts),
// but each test file gets its own database, cloned from the migrated template of
// global-setup-pg.ts before the app bundle is imported.
import "./setup";
import crypto from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";

const template = new URL(inject("integrationPostgresUrl"));
const name = `it_${crypto.randomBytes(6).toString("hex")}`;
// Connected to `postgres`, not to the template: CREATE DATABASE waits while anyone is in the template.
const maintenance = new URL(template);
maintenance.pathname = "/postgres";
const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name} template ${template.pathname.slice(1)}`);
await admin.end();

const url = new URL(template);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
