import crypto from "node:crypto";
import postgres from "postgres";

/**
 * A fresh database copied from a migrated template database (its URL), for one test file.
 * CREATE DATABASE runs connected to `postgres`, not to the template: it waits while anyone is
 * connected to the template.
 */
export async function cloneTemplateDatabase(templateUrl: string, prefix: string): Promise<string> {
  const template = new URL(templateUrl);
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const maintenance = new URL(template);
  maintenance.pathname = "/postgres";
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} template ${template.pathname.slice(1)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(template);
  url.pathname = `/${name}`;
  return url.toString();
}
