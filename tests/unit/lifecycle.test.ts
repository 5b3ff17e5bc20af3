import { describe, expect, it } from "vitest";
import { markWarmedUp, readiness, stopBackgroundWork } from "../../server/lifecycle";

describe("readiness", () => {
  it("says `warming_up` until the node warmed up, is ready while the database answers, and says `shutting_down` once the node stops", async () => {
    expect(await readiness()).toEqual({ ready: false, reason: "warming_up" });
    markWarmedUp();
    expect(await readiness()).toEqual({ ready: true });
    await stopBackgroundWork();
    expect(await readiness()).toEqual({ ready: false, reason: "shutting_down" });
  });
});
