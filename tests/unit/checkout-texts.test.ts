import { describe, expect, it } from "vitest";
import en from "../../locales/en/translation.json";
import fr from "../../locales/fr/translation.json";

describe("checkout texts", () => {
  it.each([
    ["en", en],
    ["fr", fr],
  ] as const)("%s: the checkout's heading is not the name of one of its steps", (_lng, texts) => {
    const steps = Object.values(texts.checkout.step);
    expect(steps).not.toContain(texts.checkout.title);
    expect(new Set(steps).size).toBe(steps.length);
  });
});
