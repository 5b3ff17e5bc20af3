import { describe, expect, it } from "vitest";
import { CALCULATOR_PRESETS, calculatorAmount, calculatorReading, computeFees } from "~/lib/fees";

describe("computeFees (spec section 9)", () => {
  it("matches the spec's example for 100 €", () => {
    expect(computeFees(10_000)).toEqual({
      amountCents: 10_000,
      providerFeeCents: 175, // 1.5% + 0.25
      platformFeeHtCents: 200, // 2%
      platformVatCents: 40,
      platformFeeTtcCents: 240, // 2.4%
      netHtCents: 9_625,
      netTtcCents: 9_585,
    });
  });

  it("computes the presets", () => {
    expect(CALCULATOR_PRESETS).toEqual([25, 100, 250]);
    const at25 = computeFees(2_500);
    expect(at25.providerFeeCents).toBe(63); // 37.5 rounds to 38 + 25
    expect(at25.platformFeeHtCents).toBe(50);
    expect(at25.platformFeeTtcCents).toBe(60);
    expect(at25.netHtCents).toBe(2_387);
    expect(at25.netTtcCents).toBe(2_377);
    const at250 = computeFees(25_000);
    expect(at250.providerFeeCents).toBe(400);
    expect(at250.platformFeeTtcCents).toBe(600);
    expect(at250.netTtcCents).toBe(24_000);
  });
});

describe("calculatorAmount (spec section 5)", () => {
  it("treats empty and non-numeric input as 0, which is calculated as 100", () => {
    expect(calculatorAmount("")).toBe(100);
    expect(calculatorAmount("   ")).toBe(100);
    expect(calculatorAmount("abc")).toBe(100);
    expect(calculatorAmount(null)).toBe(100);
    expect(calculatorAmount(undefined)).toBe(100);
  });

  it("clamps negatives to 0 (so 100) and treats 0 as 100", () => {
    expect(calculatorAmount("-50")).toBe(100);
    expect(calculatorAmount(0)).toBe(100);
    expect(calculatorAmount("0")).toBe(100);
  });

  it("applies the minimum of 10", () => {
    expect(calculatorAmount("5")).toBe(10);
    expect(calculatorAmount("9.99")).toBe(10);
    expect(calculatorAmount("10")).toBe(10);
  });

  it("keeps other amounts, with a comma or a dot", () => {
    expect(calculatorAmount("25")).toBe(25);
    expect(calculatorAmount("49,90")).toBe(49.9);
    expect(calculatorAmount("250.5")).toBe(250.5);
  });
});

describe("calculatorReading", () => {
  it("says why the calculated amount differs from the typed one", () => {
    expect(calculatorReading("5")).toEqual({ amount: 10, adjustment: "minimum" });
    expect(calculatorReading("0")).toEqual({ amount: 100, adjustment: "default" });
    expect(calculatorReading("-3")).toEqual({ amount: 100, adjustment: "default" });
    expect(calculatorReading("")).toEqual({ amount: 100, adjustment: "default" });
    expect(calculatorReading("10")).toEqual({ amount: 10, adjustment: null });
    expect(calculatorReading("42,5")).toEqual({ amount: 42.5, adjustment: null });
  });
});
