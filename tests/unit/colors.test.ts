import { describe, expect, it } from "vitest";
import { isValidCssColor, normalizeCssColor } from "~/lib/colors";
import { CSS_NAMED_COLORS } from "./css-named-colors";
import { DEFAULT_CHECKOUT_THEME, DEFAULT_SHOP_COLORS } from "~/lib/shop-colors";
import { checkoutColors, checkoutTheme } from "~/lib/shop-theme";

describe("isValidCssColor", () => {
  it.each([
    "#fff",
    "#FFF",
    "#ffff",
    "#ff0055",
    "#FF0055",
    "#ff005580",
    "#AbCdEf12",
    "rgb(255, 0, 85)",
    "rgb(255,0,85)",
    "rgba(255, 0, 85, 0.5)",
    "rgba(255, 0, 85, 50%)",
    "rgb(100%, 0%, 33.3%)",
    "rgb(255 0 85)",
    "rgb(255 0 85 / 0.5)",
    "rgb(255 0 85 / 50%)",
    "rgba(255 0 85 / .5)",
    "rgb(100% 0% 50%)",
    "RGB(1, 2, 3)",
    "hsl(330, 100%, 50%)",
    "hsla(330, 100%, 50%, 0.25)",
    "hsl(330deg 100% 50%)",
    "hsl(0.5turn 100% 50% / 40%)",
    "hsl(330 100 50)",
    "hsla(330, 100%, 50%, 1)",
    "red",
    "Red",
    "REBECCAPURPLE",
    "lightgoldenrodyellow",
    "grey",
    "transparent",
    "  #fff  ",
  ])("accepts %j", (value) => {
    expect(isValidCssColor(value)).toBe(true);
  });

  it.each([
    "",
    "   ",
    "#",
    "#ff",
    "#fffff",
    "#fffffff",
    "#fffffffff",
    "#ggg",
    "fff",
    "ff0055",
    "url(https://evil/x.png)",
    "url(x)",
    "expression(alert(1))",
    "red;background:url(x)",
    "red; background: url(x)",
    "red !important",
    "red}body{display:none",
    "red</style>",
    "var(--x)",
    "rgb(var(--x), 0, 0)",
    "rgb(calc(1 + 1), 0, 0)",
    "currentcolor",
    "inherit",
    "notacolor",
    "blu",
    "rgb(1, 2)",
    "rgb(1, 2, 3, 4, 5)",
    "rgb(1 2)",
    "rgb(1 2 3 4)",
    "rgb(1, 2 3)",
    "rgb(1, 2, 3 / 1)",
    "rgb(1 2 3 / )",
    "rgb(1 2 3 / 4 / 5)",
    "rgb(1, 50%, 3)",
    "rgb(a, b, c)",
    "rgb(1, 2, 3",
    "rgb 1, 2, 3)",
    "rgb(1, 2, 3))",
    "hsl(330, 100, 50)",
    "hsl(330px 100% 50%)",
    "hsl(10%, 100%, 50%)",
    "hwb(0 0% 0%)",
    "color(srgb 1 0 0)",
    "#fff\nred",
    "red red",
    "rgb(1., 2, 3)", // CSS numbers have digits after their point
    "constructor", // names are looked up in a table: none of its object's own keys
    "__proto__",
    "toString",
    `#${"f".repeat(70)}`,
    `rgb(${" ".repeat(60)}1, 2, 3)`,
  ])("rejects %j", (value) => {
    expect(isValidCssColor(value)).toBe(false);
    expect(normalizeCssColor(value)).toBeNull();
  });

  it("rejects non-strings at run time", () => {
    expect(isValidCssColor(undefined as unknown as string)).toBe(false);
    expect(isValidCssColor(42 as unknown as string)).toBe(false);
  });

  it("knows all 148 named colours plus transparent", () => {
    expect(CSS_NAMED_COLORS.size).toBe(149);
    for (const name of ["aliceblue", "yellowgreen", "darkslategrey", "darkslategray", "fuchsia", "magenta"]) {
      expect(isValidCssColor(name)).toBe(true);
    }
  });
});

describe("normalizeCssColor", () => {
  it.each([
    ["#FF0055", "#ff0055"],
    ["  #AbC  ", "#abc"],
    ["Red", "red"],
    [" TRANSPARENT ", "transparent"],
    ["RGB( 1 , 2 , 3 )", "rgb(1, 2, 3)"],
    ["rgba(1,2,3,0.5)", "rgba(1, 2, 3, 0.5)"],
    ["rgb( 1   2  3 /  50% )", "rgb(1 2 3 / 50%)"],
    ["HSL(120DEG 50% 50%)", "hsl(120deg 50% 50%)"],
  ])("%j -> %j", (input, expected) => {
    expect(normalizeCssColor(input)).toBe(expected);
  });

  it("returns null for what is not a colour", () => {
    expect(normalizeCssColor("url(x)")).toBeNull();
    expect(normalizeCssColor("")).toBeNull();
  });
});

describe("checkoutColors (which shop colours the checkout wears)", () => {
  it("comes with the text colour that reads on each, as the checkout page's data carries it", () => {
    expect(checkoutTheme({ primary: "#0A7D4F", secondary: "rebeccapurple" })).toEqual({
      accent: "#0a7d4f",
      current: "rebeccapurple",
      completed: "#10b981",
      upcoming: "#cbd5e1",
      onAccent: "#ffffff",
      onCurrent: "#ffffff",
      onCompleted: "#000000",
      onUpcoming: "#000000",
    });
    expect(checkoutTheme(DEFAULT_SHOP_COLORS)).toEqual(DEFAULT_CHECKOUT_THEME); // the browser's written-out copy
  });

  it("keeps the spec's checkout colours while the shop's are the defaults, in any spelling", () => {
    const spec = { accent: "#007bff", current: "#3b82f6", completed: "#10b981", upcoming: "#cbd5e1" };
    expect(checkoutColors(DEFAULT_SHOP_COLORS)).toEqual(spec);
    expect(checkoutColors({ primary: "#ff0055", secondary: " #d946ef " })).toEqual(spec);
  });

  it("uses a customised primary as the accent and a customised secondary for the current step", () => {
    expect(checkoutColors({ primary: "#0A7D4F", secondary: "rebeccapurple" })).toEqual({
      accent: "#0a7d4f",
      current: "rebeccapurple",
      completed: "#10b981",
      upcoming: "#cbd5e1",
    });
  });
});
