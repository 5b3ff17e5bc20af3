import { describe, expect, it } from "vitest";
import { readiness, stopBackgroundWork } from "../../server/lifecycle";

describe("readiness", () => {
  it("is ready while the database answers, and says `shutting_down` once the node stops", async () => {
    expect(await readiness()).toEqual({ ready: true });
    await stopBackgroundWork();
    expect(await readiness()).toEqual({ ready: false, reason: "shutting_down" });
  });
});
