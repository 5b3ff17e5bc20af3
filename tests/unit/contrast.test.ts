import { describe, expect, it } from "vitest";
import { contrastRatio, parseCssColor, readableShade, readableTextOn, textContrast } from "~/lib/contrast";
import { CSS_NAMED_COLORS } from "./css-named-colors";
import { DEFAULT_SHOP_COLORS } from "~/lib/shop-colors";
import { bannerSurface, checkoutColors, checkoutTextColors, checkoutTheme, shopContrastIssues, shopPalette } from "~/lib/shop-theme";

const ratio = (a: string, b: string) => contrastRatio(parseCssColor(a)!, parseCssColor(b)!);

describe("parseCssColor", () => {
  it.each([
    ["#ff0055", { r: 255, g: 0, b: 85, a: 1 }],
    ["#F05", { r: 255, g: 0, b: 85, a: 1 }],
    ["#ff005580", { r: 255, g: 0, b: 85, a: 128 / 255 }],
    ["rgb(255, 0, 85)", { r: 255, g: 0, b: 85, a: 1 }],
    ["rgba(255 0 85 / 50%)", { r: 255, g: 0, b: 85, a: 0.5 }],
    ["rgb(100%, 0%, 0%)", { r: 255, g: 0, b: 0, a: 1 }],
    ["hsl(120, 100%, 25%)", { r: 0, g: 127.5, b: 0, a: 1 }],
    ["hsl(0.5turn 100% 50%)", { r: 0, g: 255, b: 255, a: 1 }],
    ["rebeccapurple", { r: 102, g: 51, b: 153, a: 1 }],
    ["transparent", { r: 0, g: 0, b: 0, a: 0 }],
  ])("%j", (value, expected) => {
    const color = parseCssColor(value)!;
    for (const key of ["r", "g", "b", "a"] as const) expect(color[key]).toBeCloseTo(expected[key], 3);
  });

  it("knows every named colour the validator accepts", () => {
    for (const name of CSS_NAMED_COLORS) expect(parseCssColor(name), name).not.toBeNull();
  });

  it("returns null for what is not a colour", () => {
    expect(parseCssColor("url(x)")).toBeNull();
    expect(parseCssColor("")).toBeNull();
  });
});

describe("contrastRatio", () => {
  it("gives WCAG's numbers", () => {
    expect(ratio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(ratio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    // The audit's finding: white on the platform pink.
    expect(ratio("#ffffff", "#ff0055")).toBeCloseTo(3.9, 1);
  });
});

describe("readableTextOn (text on a seller's fill)", () => {
  it("reaches 4.5:1 on any colour, keeping white where white reads", () => {
    expect(readableTextOn("#ff0055")).toBe("#000000");
    expect(readableTextOn("#b8003d")).toBe("#ffffff");
    expect(readableTextOn("#007bff")).toBe("#000000");
    expect(readableTextOn("navy")).toBe("#ffffff");
    expect(readableTextOn("yellow")).toBe("#000000");
  });

  it("holds for every grey and a sweep of hues and alphas", () => {
    const samples: string[] = [];
    for (let v = 0; v <= 255; v += 5) samples.push(`rgb(${v}, ${v}, ${v})`);
    for (let h = 0; h < 360; h += 15) for (const l of [20, 40, 50, 60, 80]) samples.push(`hsl(${h}, 100%, ${l}%)`);
    samples.push("rgba(0, 0, 0, 0.3)", "transparent", ...CSS_NAMED_COLORS);
    for (const fill of samples) {
      const painted = textContrast(readableTextOn(fill), fill);
      expect(painted, fill).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("readableShade (a brand colour used as text)", () => {
  it("keeps a colour that already reads and darkens one that does not, on white", () => {
    expect(readableShade("#b8003d")).toBe("#b8003d");
    const pink = readableShade("#ff0055");
    expect(pink).not.toBe("#ff0055");
    expect(ratio(pink, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(ratio(readableShade("yellow"), "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("lightens on a dark surface", () => {
    const shade = readableShade("#333333", "#000000");
    expect(ratio(shade, "#000000")).toBeGreaterThanOrEqual(4.5);
  });
});

describe("shop palette", () => {
  it("gives every filled colour a readable text colour and a readable primary ink", () => {
    for (const primary of ["#FF0055", "#ffeb3b", "#0a7d4f", "lightgrey", "#222"]) {
      const palette = shopPalette({ ...DEFAULT_SHOP_COLORS, primary, secondary: primary });
      expect(ratio(palette.onPrimary, primary)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(palette.onSecondary, primary)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(palette.primaryInk, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("is computed once per set of colours, and a seller's new colours give their own palette and checkout theme", () => {
    const before = { ...DEFAULT_SHOP_COLORS, primary: "#0a7d4f", secondary: "#ffeb3b" };
    const after = { ...before, primary: "#ffeb3b", secondary: "#0a7d4f" };
    const palette = shopPalette(before);
    const theme = checkoutTheme(before);
    expect(shopPalette({ ...before })).toBe(palette);
    expect(checkoutTheme({ ...before })).toBe(theme);

    const changed = shopPalette(after);
    expect(changed).toEqual({ ...changed, primary: "#ffeb3b", secondary: "#0a7d4f" });
    expect(changed.onPrimary).toBe(palette.onSecondary);
    expect(changed.onSecondary).toBe(palette.onPrimary);
    const changedTheme = checkoutTheme(after);
    expect(changedTheme).toEqual({ ...checkoutColors(after), ...checkoutTextColors(checkoutColors(after)) });
    expect(changedTheme.accent).toBe("#ffeb3b");
    expect(changedTheme.current).toBe("#0a7d4f");
    // Back to the first colours: the first answers again.
    expect(shopPalette(before)).toEqual(palette);
    expect(checkoutTheme(before)).toEqual(theme);
  });

  it("makes the checkout's own default colours readable too (white fails on #007bff, #3b82f6, #10b981)", () => {
    const text = checkoutTextColors(checkoutColors(DEFAULT_SHOP_COLORS));
    const theme = checkoutColors(DEFAULT_SHOP_COLORS);
    expect(ratio(text.onAccent, theme.accent)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(text.onCurrent, theme.current)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(text.onCompleted, theme.completed)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(text.onUpcoming, theme.upcoming)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("shopContrastIssues (the customization form's warning)", () => {
  it("finds nothing wrong with the defaults", () => {
    expect(shopContrastIssues(DEFAULT_SHOP_COLORS)).toEqual([]);
  });

  it("flags text that does not read on the background, with its ratio", () => {
    const issues = shopContrastIssues({ ...DEFAULT_SHOP_COLORS, text: "#999999", background: "#ffffff" });
    expect(issues.map((i) => i.pair)).toEqual(["text_on_background", "text_on_banner"]);
    expect(issues[0]!.ratio).toBeCloseTo(2.84, 2);
  });

  it("flags text that reads on the background but not on the banner tint", () => {
    const colors = { primary: "#000000", secondary: "#D946EF", background: "#ffffff", text: "#707070" };
    expect(textContrast(colors.text, colors.background)).toBeGreaterThanOrEqual(4.5);
    expect(textContrast(colors.text, bannerSurface(colors))).toBeLessThan(4.5);
    expect(shopContrastIssues(colors).map((i) => i.pair)).toEqual(["text_on_banner"]);
    expect(shopContrastIssues(colors, { banner: false })).toEqual([]);
  });

  it("ignores a value that is not a colour (the validator reports it)", () => {
    expect(shopContrastIssues({ ...DEFAULT_SHOP_COLORS, text: "nope" })).toEqual([]);
  });
});
