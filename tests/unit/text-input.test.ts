import { describe, expect, it } from "vitest";
import { controlCharacterField, hasControlCharacter, MULTILINE_FIELDS, wellFormed } from "~/schemas/text-input";

describe("control characters in typed text", () => {
  it.each(["\u0000", "a\u0000b", "\u0001", "\u0007", "\u001b[31m", "\u001f", "\u007f", "\u0080", "\u0085", "\u009f"])(
    "%j is refused everywhere",
    (text) => {
      expect(hasControlCharacter(text)).toBe(true);
      expect(hasControlCharacter(text, true)).toBe(true);
    },
  );

  it.each(["a\tb", "a\nb", "a\r\nb"])("%j is text in a field that spans lines only", (text) => {
    expect(hasControlCharacter(text)).toBe(true);
    expect(hasControlCharacter(text, true)).toBe(false);
  });

  it.each(["", "Plain text", "Café crème €", "😀🛒", "\u00a0", "\u2028", "\ufffd"])("%j is no control character", (text) => {
    expect(hasControlCharacter(text)).toBe(false);
  });

  it("names the first field holding one, as a path into the input", () => {
    expect(controlCharacterField({ full_name: "Ann", transaction_id: "\u0000" })).toBe("transaction_id");
    expect(controlCharacterField({ items: [{ reference: "ok" }, { reference: "x\u0007" }] })).toBe("items.1.reference");
    expect(controlCharacterField({ tags: ["ok", "\u0000"] })).toBe("tags.1");
    expect(controlCharacterField({ a: 1, b: null, c: true, d: "fine" })).toBeNull();
  });

  it("lets tab and newline through in the fields that span lines, by their name, wherever they are", () => {
    expect([...MULTILINE_FIELDS].sort()).toEqual(
      ["business_description", "checkout_banner_text_en", "checkout_banner_text_fr", "custom_css", "description", "reason"].sort(),
    );
    expect(controlCharacterField({ description: "Line one\r\n\tLine two" })).toBeNull();
    expect(controlCharacterField({ custom_css: ".a {\n\tcolor: red;\n}" })).toBeNull();
    expect(controlCharacterField({ name: "Line one\nLine two" })).toBe("name");
    expect(controlCharacterField({ description: "nul\u0000" })).toBe("description");
    expect(controlCharacterField({ product: { description: "a\nb", name: "a\tb" } })).toBe("product.name");
  });
});

describe("wellFormed", () => {
  it("reads a lone surrogate as U+FFFD and leaves real characters alone", () => {
    expect(wellFormed("a\ud800b")).toBe("a\ufffdb");
    expect(wellFormed("\udc00")).toBe("\ufffd");
    expect(wellFormed("😀 ok")).toBe("😀 ok");
  });
});
