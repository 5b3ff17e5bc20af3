import { expect, it } from "vitest";
import { captureAppLog, loadApp } from "./app";

// A file of its own: the process must not have warmed up before (readiness is the process's).
it("a warm-up that fails is logged as a warning, and the node becomes ready all the same", async () => {
  const app = await loadApp();
  const log = await captureAppLog();
  try {
    expect(await app.readiness()).toEqual({ ready: false, reason: "warming_up" });
    await app.warmUpNode({ handle: () => Promise.reject(new Error("the page could not render")) });
    expect(await app.readiness()).toEqual({ ready: true });
    expect(log.lines).toMatchObject([
      { level: "warn", msg: "warm-up failed; ready anyway", err: { message: "the page could not render" } },
    ]);
  } finally {
    log.stop();
  }
});

it("a warm-up that outlasts its time limit stops there, and the node is ready", async () => {
  const app = await loadApp();
  const log = await captureAppLog();
  try {
    await app.warmUpNode({ handle: () => new Promise<Response>(() => {}), limitMs: 50 });
    expect(await app.readiness()).toEqual({ ready: true });
    expect(log.lines).toMatchObject([{ level: "warn", msg: "warm-up stopped at its time limit; ready anyway", limit_ms: 50 }]);
  } finally {
    log.stop();
  }
});
