import { describe, expect, it } from "vitest";
import { parsePathId } from "~/lib/path-id";

describe("parsePathId: ids in URLs are plain decimal integers", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["9007199254740991", 9007199254740991],
  ])("%s is id %d", (value, id) => {
    expect(parsePathId(value)).toBe(id);
  });

  it.each(["0x1", "1e0", "1.0", "+1", "01", " 1", "1 ", "0", "-1", "", "1_0", "１", "Infinity", "9007199254740993", "99999999999999999"])(
    "%j is not an id",
    (value) => {
      expect(parsePathId(value)).toBeNull();
    },
  );

  it("a missing value is not an id", () => {
    expect(parsePathId(undefined)).toBeNull();
    expect(parsePathId(null)).toBeNull();
  });
});
