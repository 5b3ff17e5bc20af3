import crypto from "node:crypto";
import postgres from "postgres";

/**
 * Creates a database on the server of `serverUrl` (copied from `template`, else empty) and
 * returns its URL. CREATE DATABASE runs connected to `postgres`, not to the template: it
 * waits while anyone is connected to the template.
 */
async function createDatabase(serverUrl: string, prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const maintenance = new URL(serverUrl);
  maintenance.pathname = "/postgres";
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database copied from a migrated template database (its URL), for one test file. */
export function cloneTemplateDatabase(templateUrl: string, prefix: string): Promise<string> {
  return createDatabase(templateUrl, prefix, new URL(templateUrl).pathname.slice(1));
}

/** An empty database (no tables, not migrated) on the same server as `serverUrl`: what a first deploy finds. */
export function createEmptyDatabase(serverUrl: string, prefix: string): Promise<string> {
  return createDatabase(serverUrl, prefix);
}
