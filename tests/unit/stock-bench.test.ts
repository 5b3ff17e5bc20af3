// The limited-stock drop's verdict (bench/stock-drop.js): what the shoppers were told and what
// the database holds must tell the same story, or the benchmark says FAIL.
import { describe, expect, it } from "vitest";
import { judgeStockDrop, SOLD_OUT_TEXT } from "../../bench/stock-drop.js";

/** A drop of 300 shoppers for 100 units as runLiveDrop reports it: 100 paid, 200 told "sold out" at the shipping form. */
function drop(soldOutAt: Record<string, number> = { order: 200 }, paid = 100) {
  const soldOut = Object.values(soldOutAt).reduce((a, b) => a + b, 0);
  return {
    shoppers: 300,
    started: 300,
    completed: paid,
    soldOut,
    soldOutAt: new Map(Object.entries(soldOutAt)),
    paidOrderIds: Array.from({ length: paid }, (_, i) => i + 1),
  };
}
const figures = {
  placed: 100,
  paid: 100,
  intents: 100,
  charges: 100,
  chargedOrders: 100,
  refundedForSoldOut: 0,
  sales: 100,
  stock: 0,
  reserved: 0,
};
const failing = (verdict: { checks: { label: string; pass: boolean }[] }) => verdict.checks.filter((c) => !c.pass).map((c) => c.label);

describe("the limited-stock drop's verdict", () => {
  it("passes when exactly the units were paid and every other shopper was told before paying", () => {
    expect(SOLD_OUT_TEXT).toBe("Sold out");
    const verdict = judgeStockDrop(drop({ live: 20, buy: 30, order: 150 }), figures, 100);
    expect(failing(verdict)).toEqual([]);
    expect(verdict).toMatchObject({ pass: true, beforePayment: 200, afterShipping: 0, failed: 0 });
  });

  it("fails a shopper told at payment, a payment started for a refused shopper, a second charge, a refund or stock left", () => {
    expect(failing(judgeStockDrop(drop({ order: 199, payment: 1 }), figures, 100))).toEqual([
      'shoppers told "sold out" = the 200 others, all before paying',
    ]);
    expect(judgeStockDrop(drop(), { ...figures, intents: 101, placed: 101 }, 100).pass).toBe(false);
    expect(judgeStockDrop(drop(), { ...figures, charges: 101 }, 100).pass).toBe(false);
    expect(judgeStockDrop(drop(), { ...figures, refundedForSoldOut: 1 }, 100).pass).toBe(false);
    expect(judgeStockDrop(drop(), { ...figures, stock: 1, sales: 99, paid: 99 }, 100).pass).toBe(false);
    // One shopper more paid than units: oversold.
    expect(judgeStockDrop(drop({ order: 199 }, 101), { ...figures, paid: 101 }, 100).pass).toBe(false);
  });
});
