import { describe, expect, it } from "vitest";
import { dateTickIndexes, valueAxis } from "~/lib/chart-scale";

describe("sales chart scale", () => {
  it("tops the amount axis with a round value above the largest day", () => {
    expect(valueAxis(1850)).toEqual({ top: 2000, ticks: [0, 500, 1000, 1500, 2000] });
    expect(valueAxis(12345)).toEqual({ top: 15000, ticks: [0, 5000, 10000, 15000] });
    expect(valueAxis(100000)).toEqual({ top: 100000, ticks: [0, 50000, 100000] });
  });

  it("keeps whole currency units and a usable axis without sales", () => {
    expect(valueAxis(0)).toEqual({ top: 100, ticks: [0, 100] });
    expect(valueAxis(150)).toEqual({ top: 200, ticks: [0, 100, 200] });
    for (const max of [1, 99, 777, 4321, 98765, 1234567]) {
      const { top, ticks } = valueAxis(max);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(ticks.every((tick) => tick % 100 === 0)).toBe(true);
    }
  });

  it("labels about one day a week, always the first and the last (today)", () => {
    expect(dateTickIndexes(30)).toEqual([0, 8, 15, 22, 29]);
    expect(dateTickIndexes(1)).toEqual([0]);
    expect(dateTickIndexes(0)).toEqual([]);
  });
});
