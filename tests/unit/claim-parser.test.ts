import { describe, expect, it } from "vitest";
import { cleanComment, COMMENT_READ_LENGTH, parseComment, readClaimComment } from "~/lib/claim-parser";
import { DEFAULT_CLAIM_WORDS, shopClaimWords } from "~/lib/claim-words";

const sweater = {
  id: 1,
  code: "A7",
  variants: [
    { id: 11, options: { Size: "S", Colour: "Red" } },
    { id: 12, options: { Size: "M", Colour: "Red" } },
    { id: 13, options: { Size: "M", Colour: "Bleu" } },
    { id: 14, options: { Size: "L", Colour: "Light Blue" } },
  ],
};
const mug = { id: 2, code: "B12", variants: [{ id: 21, options: {} }] };
const shoes = {
  id: 3,
  code: "C3",
  variants: [
    { id: 31, options: { Taille: "38" } },
    { id: 32, options: { Taille: "40" } },
  ],
};
const tee = { id: 4, code: "T1", variants: [{ id: 41, options: { Size: "Écru" } }] };
const products = [sweater, mug, shoes, tee];
const parse = (text: string, words: readonly string[] = DEFAULT_CLAIM_WORDS) => parseComment(text, words, products);
const claim = (product: { id: number }, variantId: number, quantity = 1) => ({
  kind: "claim",
  product: expect.objectContaining({ id: product.id }),
  variantId,
  quantity,
});

describe("claim words: both languages, whole words, any case, accents ignored", () => {
  it.each([
    ["SOLD B12", mug.id],
    ["sold b12", mug.id],
    ["Claim B12", mug.id],
    ["buy B12 please", mug.id],
    ["mine! B12", mug.id],
    ["I'll take B12", mug.id],
    ["je prends B12", mug.id],
    ["Je Prends b12 svp", mug.id],
    ["JE PRÉNDS B12", mug.id],
    ["pris B12", mug.id],
    ["B12 pour moi", mug.id],
    ["+1 B12", mug.id],
    ["B12+1", mug.id],
  ])("%s claims", (text, productId) => {
    expect(parse(text)).toEqual(claim({ id: productId }, 21));
  });

  it.each(["B12", "soldier B12", "resold B12", "je B12 prends", "takeB12", "hello", "", "prends B12", "+2 B12", "1 B12"])(
    "%j is not a claim",
    (text) => {
      expect(parse(text)).toEqual({ kind: "not_a_claim" });
    },
  );

  it("needs no claim word when the seller types the claim for a viewer", () => {
    expect(parseComment("A7 M red", DEFAULT_CLAIM_WORDS, products, { claimWordNeeded: false })).toEqual(claim(sweater, 12));
    expect(parseComment("sold B12 x2", DEFAULT_CLAIM_WORDS, products, { claimWordNeeded: false })).toEqual(claim(mug, 21, 2));
    expect(parseComment("hello", DEFAULT_CLAIM_WORDS, products, { claimWordNeeded: false })).toEqual({ kind: "not_a_claim" });
    expect(parseComment("A7 M red", DEFAULT_CLAIM_WORDS, products)).toEqual({ kind: "not_a_claim" });
  });

  it("uses the shop's own words instead of the defaults", () => {
    expect(parse("dibs B12", ["dibs", "à moi"])).toEqual(claim(mug, 21));
    expect(parse("a MOI B12", ["dibs", "à moi"])).toEqual(claim(mug, 21));
    expect(parse("sold B12", ["dibs"])).toEqual({ kind: "not_a_claim" });
    expect(shopClaimWords(null)).toBe(DEFAULT_CLAIM_WORDS);
    expect(shopClaimWords([])).toBe(DEFAULT_CLAIM_WORDS);
    expect(shopClaimWords(["dibs"])).toEqual(["dibs"]);
  });
});

describe("variants named by their option values, any order and case, accents ignored", () => {
  it.each([
    ["SOLD A7 S", 11],
    ["sold a7 s red", 11],
    ["SOLD A7 M red", 12],
    ["sold A7 red M", 12],
    ["sold A7 m bleu", 13],
    ["sold A7 BLEU m", 13],
    ["sold a7 blèu M", 13],
    ["SOLD A7 L", 14],
    ["SOLD A7 light blue", 14],
    ["je prends A7 en L light blue", 14],
    ["sold C3 38", 31],
    ["sold C3 taille 40", 32],
    ["sold T1", 41],
    ["sold t1 ecru", 41],
  ])("%s is variant %d", (text, variantId) => {
    const product = products.find((p) => p.variants.some((v) => v.id === variantId))!;
    expect(parse(text)).toEqual(claim(product, variantId));
  });

  it.each(["SOLD A7", "SOLD A7 M", "sold A7 red", "sold A7 S M", "sold A7 XL", "sold A7 S bleu", "sold C3", "sold C3 38 40"])(
    "%s is an ambiguous variant",
    (text) => {
      expect(parse(text)).toEqual({ kind: "ambiguous_variant", product: expect.objectContaining({ code: expect.any(String) }) });
    },
  );

  it("needs no variant for a product with one", () => {
    expect(parse("sold B12 M blue")).toEqual(claim(mug, 21));
  });
});

describe("quantities", () => {
  it.each([
    ["sold B12 x2", 2],
    ["sold B12 X3", 3],
    ["sold B12 ×2", 2],
    ["sold B12 × 4", 4],
    ["sold B12 2", 2],
    ["sold 2 B12", 2],
    ["sold B12 2x", 2],
    ["+1 B12 x5", 5],
    ["sold A7 S x2", 2],
    ["sold A7 red 2 S", 2],
  ])("%s is %d units", (text, quantity) => {
    expect(parse(text)).toMatchObject({ kind: "claim", quantity });
  });

  it("reads a size in digits as the variant, not a quantity", () => {
    expect(parse("sold C3 40 x2")).toEqual(claim(shoes, 32, 2));
    expect(parse("sold C3 2 40")).toEqual(claim(shoes, 32, 2));
  });

  it("refuses a quantity of zero", () => {
    expect(parse("sold B12 x0")).toEqual({ kind: "not_a_claim" });
  });
});

describe("unknown codes", () => {
  it.each([
    ["SOLD Z9", "Z9"],
    ["je prends a77", "A77"],
    ["+1 ZZ12 M", "ZZ12"],
  ])("%s names an unknown code", (text, code) => {
    expect(parse(text)).toEqual({ kind: "unknown_code", code });
  });

  it.each(["moi aussi j'adore", "sold out?", "take care x2", "pris 3"])("%j is chat, not an unknown code", (text) => {
    expect(parse(text)).toEqual({ kind: "not_a_claim" });
  });

  it("takes the first known code of a comment", () => {
    expect(parse("sold Z9 B12")).toEqual(claim(mug, 21));
    expect(parse("sold B12 A7 S")).toEqual(claim(mug, 21));
  });
});

describe("noise", () => {
  it("reads a claim among emoji, punctuation and mentions", () => {
    expect(parse("🔥🔥 @lea: SOLD!!! A7, M/red 😍")).toEqual(claim(sweater, 12));
    expect(parse("sold...B12...x2")).toEqual(claim(mug, 21, 2));
  });

  it("strips control characters and caps the text", () => {
    expect(cleanComment("sold\u0000B12\u0007\nx2\u009f")).toBe("sold B12 x2");
    expect(parse("sold\u0000B12\u0007x2")).toEqual(claim(mug, 21, 2));
    const long = "sold B12 " + "blah ".repeat(2000);
    expect(cleanComment(long)).toHaveLength(COMMENT_READ_LENGTH);
    expect(parse(long)).toEqual(claim(mug, 21));
    expect(parse("blah ".repeat(2000) + "sold B12")).toEqual({ kind: "not_a_claim" });
    expect(Array.from(cleanComment("😀".repeat(600)))).toHaveLength(COMMENT_READ_LENGTH);
  });

  it("looks up few codes for a long comment", () => {
    const comment = readClaimComment("sold " + Array.from({ length: 200 }, (_, i) => `Q${i}`).join(" "), DEFAULT_CLAIM_WORDS);
    expect(comment!.codeCandidates.length).toBeLessThanOrEqual(32);
    expect(comment!.codeCandidates[0]).toBe("Q0");
  });
});
