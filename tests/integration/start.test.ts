import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("starting the server (what `npm start` runs after building)", () => {
  it("stops with the configuration message, not a stack trace, for a bad value", () => {
    const run = spawnSync(process.execPath, ["server.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "abc" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe("Invalid configuration:\n  PORT: must be a port number");
  });
});
