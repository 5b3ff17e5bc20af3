import { describe, expect, it } from "vitest";
import { customizationSchema } from "~/schemas/customization";

// Issue 27, items 2 and 3: the shop's "Only N left" threshold and hold time, set with its customization.

describe("the shop's stock settings (customization form and API)", () => {
  const parse = (fields: Record<string, unknown>) => customizationSchema.safeParse(fields);
  const messages = (fields: Record<string, unknown>) => (parse(fields).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

  it("takes a threshold from 0 to 99 and a hold time from 2 to 60 minutes, as text or numbers; absent or empty leaves them", () => {
    expect(parse({ low_stock_threshold: "0", hold_minutes: 60 }).data).toMatchObject({ lowStockThreshold: 0, holdMinutes: 60 });
    expect(parse({ low_stock_threshold: 99, hold_minutes: " 2 " }).data).toMatchObject({ lowStockThreshold: 99, holdMinutes: 2 });
    expect(parse({}).data).toMatchObject({ lowStockThreshold: undefined, holdMinutes: undefined });
    expect(parse({ low_stock_threshold: "", hold_minutes: null }).data).toMatchObject({
      lowStockThreshold: undefined,
      holdMinutes: undefined,
    });
  });

  it("refuses anything else with its own message", () => {
    for (const value of [100, -1, "2.5", 2.5, "abc", "1e1", true]) {
      expect(messages({ low_stock_threshold: value }), String(value)).toEqual([
        "low_stock_threshold: stock_admin.settings.threshold_invalid",
      ]);
    }
    for (const value of [1, 61, "0", "ten", 10.5]) {
      expect(messages({ hold_minutes: value }), String(value)).toEqual(["hold_minutes: stock_admin.settings.hold_minutes_invalid"]);
    }
  });
});
