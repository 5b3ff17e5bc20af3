import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en/translation.json";
import fr from "../../locales/fr/translation.json";
import { messageKey, translateMessage } from "~/lib/messages";
import { z } from "~/schemas/zod-messages";

beforeAll(async () => {
  await i18next.init({
    lng: "en",
    resources: { en: { translation: en }, fr: { translation: fr } },
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
});

describe("translated messages", () => {
  it("carry interpolation values inside the key", () => {
    const message = messageKey("validation.min_length", { minimum: 8 });
    expect(translateMessage(i18next.getFixedT("en"), message)).toBe("Must be at least 8 characters");
    expect(translateMessage(i18next.getFixedT("fr"), message)).toBe("Doit contenir au moins 8 caractères");
  });

  it("counts in the singular for one and the plural otherwise, in both languages", () => {
    const en = i18next.getFixedT("en");
    const fr = i18next.getFixedT("fr");
    expect(en("catalogue.admin.subtitle", { count: 1 })).toBe("1 product in your catalogue");
    expect(en("catalogue.admin.subtitle", { count: 3 })).toBe("3 products in your catalogue");
    expect(fr("catalogue.admin.category_count", { count: 1 })).toBe("1 produit");
    expect(fr("catalogue.admin.category_count", { count: 0 })).toBe("0 produit");
    // French "many" (a million) falls back to the plain plural.
    expect(fr("catalogue.admin.category_count", { count: 1_000_000 })).toBe("1000000 produits");
  });

  it("shows foreign texts (e.g. a provider's message) unchanged", () => {
    expect(translateMessage(i18next.getFixedT("fr"), "Your card was declined.")).toBe("Your card was declined.");
  });

  it("turn generic zod issues into translation keys", () => {
    const schema = z.object({ name: z.string().min(2), email: z.email(), age: z.number() });
    const result = schema.safeParse({ name: "a", email: "nope", age: "x" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({ name: "validation.min_length?minimum=2", email: "validation.email", age: "validation.invalid_type" });
    expect(z.object({ a: z.string() }).safeParse({}).error!.issues[0]!.message).toBe("validation.required");
  });
});

describe("amounts in messages", () => {
  it("format the minimum order amount per language", () => {
    const message = messageKey("checkout.errors.total_amount_minimum", { minimum: "10.00" });
    expect(translateMessage(i18next.getFixedT("en"), message)).toBe("Total amount must be at least €10.00");
    expect(translateMessage(i18next.getFixedT("fr"), message).replace(/\u202f|\u00a0/g, " ")).toBe(
      "Le montant total doit être d'au moins 10,00 €",
    );
  });
});
