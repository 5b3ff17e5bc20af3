// The "integration" project's template database (SQLite): one file per run, migrated and
// seeded by the built app (template.ts); setup.ts copies it for each test file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareTemplate } from "./template";

declare module "vitest" {
  export interface ProvidedContext {
    /** The template database file, or "" without a build. */
    integrationSqliteTemplate: string;
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-it-template-"));
  const file = path.join(dir, "app.db");
  const prepared = prepareTemplate(`file:${file}`, path.join(dir, "uploads"));
  project.provide("integrationSqliteTemplate", prepared ? file : "");
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
