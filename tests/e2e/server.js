// The production build on a fresh database for the end-to-end tests.
import fs from "node:fs";

fs.rmSync("data/e2e", { recursive: true, force: true });
process.env.NODE_ENV = "production";
await import("../../server.js");
