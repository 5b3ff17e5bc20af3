import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/translation.json";
import fr from "../../locales/fr/translation.json";

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

const enKeys = flatten(en);
const frKeys = flatten(fr);

describe("translations", () => {
  it("have every key in both languages", () => {
    expect([...enKeys.keys()].filter((k) => !frKeys.has(k))).toEqual([]);
    expect([...frKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it("have no empty texts", () => {
    expect([...enKeys].filter(([, v]) => v.trim() === "").map(([k]) => k)).toEqual([]);
    expect([...frKeys].filter(([, v]) => v.trim() === "").map(([k]) => k)).toEqual([]);
  });

  it("use the same interpolation variables in both languages", () => {
    const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)[^}]*}}/g)].map((m) => m[1]).sort();
    const mismatched = [...enKeys].filter(([k, v]) => JSON.stringify(vars(v)) !== JSON.stringify(vars(frKeys.get(k) ?? "")));
    expect(mismatched.map(([k]) => k)).toEqual([]);
  });

  it("are real French, not copies of the English", () => {
    // Names and codes may be equal; sentences may not. The shop title is fixed by the spec.
    const sameOnPurpose = new Set(["meta.shop.title"]);
    const copies = [...enKeys].filter(([k, v]) => v.length > 24 && frKeys.get(k) === v && !sameOnPurpose.has(k)).map(([k]) => k);
    expect(copies).toEqual([]);
  });

  it("write English amounts with the euro sign first (€10, not 10 €)", () => {
    expect([...enKeys].filter(([, v]) => /(\d|}})\s*€/.test(v)).map(([k]) => k)).toEqual([]);
  });

  it("make counted texts agree with their number in both languages", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: "en", resources: { en: { translation: en }, fr: { translation: fr } }, interpolation: { escapeValue: false } });
    const enT = i18n.getFixedT("en");
    const frT = i18n.getFixedT("fr");
    expect(enT("catalogue.count", { count: 1, shown: 1, total: 1 })).toBe("Showing 1 of 1 product");
    expect(enT("catalogue.count", { count: 24, shown: 10, total: 24 })).toBe("Showing 10 of 24 products");
    expect(frT("catalogue.count", { count: 1, shown: 1, total: 1 })).toBe("Affichage de 1 sur 1 produit");
    expect(frT("catalogue.count", { count: 24, shown: 10, total: 24 })).toBe("Affichage de 10 sur 24 produits");
    expect(enT("customization.css_removed", { count: 1 })).toBe("1 unsafe CSS part was removed.");
    expect(enT("customization.css_removed", { count: 3 })).toBe("3 unsafe CSS parts were removed.");
    expect(frT("customization.css_removed", { count: 1 })).toBe("1 élément CSS dangereux a été retiré.");
    expect(frT("customization.css_removed", { count: 3 })).toBe("3 éléments CSS dangereux ont été retirés.");
  });
});
