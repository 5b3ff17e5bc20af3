import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/config.server";
import { loggedPath, logRequest } from "~/http/request-log.server";
import { createLogger, currentRequestId, newRequestId, requestLog, runInRequestScope, setLogger } from "~/lib/logger.server";

/** A logger writing into an array, one parsed JSON object per line. */
function capture(level: "info" | "warn" = "info") {
  const lines: Record<string, unknown>[] = [];
  setLogger(createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }));
  return lines;
}

afterEach(() => setLogger(undefined));

describe("the request log line", () => {
  it("is JSON with the level's name, an ISO time, and the request's id when written inside a request", () => {
    const lines = capture();
    const id = newRequestId();
    runInRequestScope(id, () =>
      logRequest({ method: "GET", host: "demo.localhost:3000", path: "/products", status: 200, durationMs: 12.345 }),
    );
    expect(lines).toEqual([
      {
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        request_id: id,
        method: "GET",
        host: "demo.localhost:3000",
        path: "/products",
        status: 200,
        duration_ms: 12.3,
        msg: "request",
      },
    ]);
  });

  it("keeps the id across awaits, and has none outside a request", async () => {
    const lines = capture();
    await runInRequestScope("0123456789abcdef", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentRequestId()).toBe("0123456789abcdef");
      requestLog().warn("later");
    });
    expect(currentRequestId()).toBeNull();
    requestLog().info("start-up");
    expect(lines.map((line) => [line.msg, line.request_id])).toEqual([
      ["later", "0123456789abcdef"],
      ["start-up", undefined],
    ]);
  });

  it("is silenced below its level", () => {
    const lines = capture("warn");
    logRequest({ method: "GET", host: "localhost", path: "/", status: 200, durationMs: 1 });
    expect(lines).toEqual([]);
  });

  it("masks single-use tokens in paths", () => {
    expect(loggedPath("/verify-email/abc.def-123")).toBe("/verify-email/[redacted]");
    expect(loggedPath("/api/v1/auth/verify-email/abc123/")).toBe("/api/v1/auth/verify-email/[redacted]/");
    expect(loggedPath("/verify-email")).toBe("/verify-email");
    expect(loggedPath("/products")).toBe("/products");
  });

  it("generates request ids of 16 hex characters, never twice the same", () => {
    const ids = new Set(Array.from({ length: 100 }, () => newRequestId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("LOG_LEVEL", () => {
  it("defaults to info and refuses an unknown level", () => {
    expect(parseConfig({}).LOG_LEVEL).toBe("info");
    expect(parseConfig({ LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrow("LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent");
  });
});
