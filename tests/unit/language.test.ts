import { describe, expect, it } from "vitest";
import { languageCookies, languageFromAcceptLanguage, storedLanguage } from "~/lib/i18n";
import { requestLanguage } from "~/middleware/i18n.server";

/** A Set-Cookie value with its attributes in a fixed order (their order means nothing to browsers). */
const cookieParts = (setCookie: string) => {
  const [pair, ...attributes] = setCookie.split("; ");
  return [pair, ...attributes.sort()];
};

describe("languageFromAcceptLanguage", () => {
  it.each([
    ["de-DE,fr;q=0.5", "fr"],
    ["de-DE,de;q=0.9,fr-CA;q=0.8,en;q=0.7", "fr"],
    ["fr-CA", "fr"],
    ["FR-fr", "fr"],
    ["en-GB,fr;q=0.9", "en"],
    ["en;q=0.3,fr;q=0.8", "fr"],
    ["de, fr ; q=0.4, en ; q=0.6", "en"],
    ["es,fr,en", "fr"],
  ])("%s -> %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it.each([[null], [""], ["de-DE,es;q=0.5"], ["fr;q=0,de"], ["*"]])("finds no supported language in %j", (header) => {
    expect(languageFromAcceptLanguage(header)).toBeNull();
  });
});

describe("the stored language cookie", () => {
  it("is shared with a Domain when one is given, and expires the host-only copy that would shadow it", () => {
    expect(languageCookies("fr").map(cookieParts)).toEqual(["i18nextLng=fr; Path=/; Max-Age=31536000; SameSite=Lax"].map(cookieParts));
    expect(languageCookies("fr", "example.com").map(cookieParts)).toEqual(
      ["i18nextLng=; Path=/; Max-Age=0; SameSite=Lax", "i18nextLng=fr; Path=/; Max-Age=31536000; SameSite=Lax; Domain=example.com"].map(
        cookieParts,
      ),
    );
  });

  it("reads the latest of several choices (browsers list the older cookie first)", () => {
    expect(storedLanguage("csrftoken=x; i18nextLng=en; sid=y; i18nextLng=fr")).toBe("fr");
    expect(storedLanguage("i18nextLng=fr")).toBe("fr");
    expect(storedLanguage("i18nextLng=de")).toBeUndefined();
    expect(storedLanguage(null)).toBeUndefined();
  });
});

describe("the request's language (remix-i18next's detection)", () => {
  const language = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    requestLanguage(new Request(`http://demo.localhost${path}`, { method, headers }));

  it("takes ?lng first, on pages and API paths alike, when it names a supported language", async () => {
    expect(await language("/products?lng=fr", { Cookie: "i18nextLng=en", "Accept-Language": "en" }, "POST")).toBe("fr");
    expect(await language("/api/v1/shop/products/?lng=fr", { Cookie: "i18nextLng=en", "Accept-Language": "en" })).toBe("fr");
    expect(await language("/api/v1/shop/products/?lng=fr-CA")).toBe("fr");
    expect(await language("/products?lng=de", { Cookie: "i18nextLng=fr" }, "POST")).toBe("fr");
  });

  it("on pages: the stored choice (the latest of two), then the browser's first supported language, then en", async () => {
    expect(await language("/products", { Cookie: "i18nextLng=fr", "Accept-Language": "en" })).toBe("fr");
    expect(await language("/products", { Cookie: "i18nextLng=en; i18nextLng=fr" })).toBe("fr");
    expect(await language("/products", { Cookie: "i18nextLng=de", "Accept-Language": "de-DE,fr;q=0.5" })).toBe("fr");
    expect(await language("/products", { "Accept-Language": "de-DE,de;q=0.9,fr-CA;q=0.8,en;q=0.7" })).toBe("fr");
    expect(await language("/products", { "Accept-Language": "de" })).toBe("en");
    expect(await language("/products")).toBe("en");
  });

  it("on API paths: Accept-Language when sent (en when it names no supported language), else the stored choice", async () => {
    expect(await language("/api/v1/shop/products/", { Cookie: "i18nextLng=fr", "Accept-Language": "en" })).toBe("en");
    expect(await language("/api/v1/shop/products/", { Cookie: "i18nextLng=fr", "Accept-Language": "de" })).toBe("en");
    expect(await language("/api/v1/shop/products/", { Cookie: "i18nextLng=fr" })).toBe("fr");
    expect(await language("/api/v1/shop/products/", { "Accept-Language": "es,fr" })).toBe("fr");
  });
});
