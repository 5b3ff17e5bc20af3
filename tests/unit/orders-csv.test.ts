import { describe, expect, it } from "vitest";
import { csvCell, isFormulaLike } from "~/domain/orders/orders-csv.server";

describe("CSV formula guard", () => {
  it("neutralises what a spreadsheet would run", () => {
    for (const formula of [
      '=HYPERLINK("http://evil","x")',
      "@SUM(A1)",
      "+SUM(A1)",
      "-2+3+cmd|' /C calc'!A0",
      "+A1",
      "-foo",
      "\t=1",
      "\r=1",
      "+33 6 CALL",
    ]) {
      expect(isFormulaLike(formula), formula).toBe(true);
    }
    expect(csvCell("=1+1")).toBe(`"'=1+1"`);
    expect(csvCell('@cmd "quoted"')).toBe(`"'@cmd ""quoted"""`);
  });

  it("writes phone numbers and negative numbers as they are", () => {
    for (const data of ["+33 6 12 34 56 78", "+1 (555) 010-0199", "-12.50", "-3", "+44.20.7946.0958", "0611223344", "Dana", "a=b", ""]) {
      expect(isFormulaLike(data), data).toBe(false);
    }
    expect(csvCell("+33 6 12 34 56 78")).toBe('"+33 6 12 34 56 78"');
    expect(csvCell(-12.5)).toBe('"-12.5"');
    expect(csvCell("")).toBe(`""`); // an empty cell is quoted too
  });
});
