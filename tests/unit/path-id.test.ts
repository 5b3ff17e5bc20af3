import { describe, expect, it } from "vitest";
import { isRecordId, MAX_RECORD_ID, parsePathId } from "~/lib/path-id";

describe("parsePathId: ids in URLs are plain decimal integers", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["2147483647", 2147483647],
  ])("%s is id %d", (value, id) => {
    expect(parsePathId(value)).toBe(id);
  });

  it.each([
    "0x1",
    "1e0",
    "1.0",
    "+1",
    "01",
    " 1",
    "1 ",
    "0",
    "-1",
    "",
    "1_0",
    "１",
    "Infinity",
    "2147483648",
    "9007199254740991",
    "99999999999999999",
  ])("%j is not an id", (value) => {
    expect(parsePathId(value)).toBeNull();
  });

  it("a missing value is not an id", () => {
    expect(parsePathId(undefined)).toBeNull();
    expect(parsePathId(null)).toBeNull();
  });
});

describe("isRecordId: a number that an id column holds", () => {
  it("is a positive integer up to PostgreSQL's integer maximum", () => {
    expect([1, 42, MAX_RECORD_ID].map(isRecordId)).toEqual([true, true, true]);
    expect([0, -1, 1.5, MAX_RECORD_ID + 1, 1e308, Number.NaN, Infinity].map(isRecordId)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
