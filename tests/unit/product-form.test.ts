import { describe, expect, it } from "vitest";
import { optionCombinations, optionKey, splitOptionValues } from "~/lib/variant-options";
import { productFormPlan, productFormSchema } from "~/schemas/product-form";

const base = { name: "Sweater", price: "40" };
const form = (fields: Record<string, unknown>) => productFormSchema.parse({ ...base, ...fields });
const size = (value: string) => optionKey({ Size: value });

describe("the option helpers", () => {
  it("split values at commas, trimmed, each once whatever its case", () => {
    expect(splitOptionValues(" S, M ,, m, L ")).toEqual(["S", "M", "L"]);
  });

  it("make every combination, the first option varying slowest", () => {
    expect(
      optionCombinations([
        { name: "Size", values: ["S", "M"] },
        { name: "Colour", values: ["Red", "Blue"] },
      ]),
    ).toEqual([
      { Size: "S", Colour: "Red" },
      { Size: "S", Colour: "Blue" },
      { Size: "M", Colour: "Red" },
      { Size: "M", Colour: "Blue" },
    ]);
    expect(optionCombinations([])).toEqual([]);
  });
});

describe("productFormPlan (the editor's form -> the API's stock and variants)", () => {
  it("sends the grid's variants, each stock only when it differs from what the page showed", () => {
    const plan = productFormPlan(
      form({
        options: [{ name: "Size", values: "S, M, L" }],
        variants: [
          { key: size("S"), stock: "3", stock_was: "3", price: "42", sku: "S-1" },
          { key: size("M"), stock: "7", stock_was: "5" },
          { key: size("L"), stock: "", stock_was: "none" },
        ],
      }),
      { hasOptions: true },
    );
    expect(plan).toMatchObject({ errors: {}, preview: false, input: { name: "Sweater", priceCents: 4000 } });
    expect(plan.fields).toEqual({
      variants: [
        { options: { Size: "S" }, sku: "S-1", price: "42" },
        { options: { Size: "M" }, sku: null, price: null, stock: "7" },
        { options: { Size: "L" }, sku: null, price: null },
      ],
    });
  });

  it("a new row sends its stock as typed, empty meaning not counted", () => {
    const plan = productFormPlan(form({ options: [{ name: "Size", values: "S" }], variants: [{ key: size("S") }] }), { hasOptions: false });
    expect(plan.fields.variants).toEqual([{ options: { Size: "S" }, sku: null, price: null, stock: null }]);
  });

  it("shows the grid first when it is not the one the options make, or when asked", () => {
    const options = [{ name: "Size", values: "S, M" }];
    expect(productFormPlan(form({ options }), { hasOptions: false }).preview).toBe(true);
    expect(productFormPlan(form({ options, variants: [{ key: size("S") }, { key: size("L") }] }), { hasOptions: true }).preview).toBe(true);
    const grid = [{ key: size("S") }, { key: size("M") }];
    expect(productFormPlan(form({ options, variants: grid }), { hasOptions: true }).preview).toBe(false);
    expect(productFormPlan(form({ options, variants: grid, preview: "1" }), { hasOptions: true }).preview).toBe(true);
    // Options removed: the single stock field is shown first.
    expect(productFormPlan(form({ variants: grid }), { hasOptions: true }).preview).toBe(true);
  });

  it("without options: the product's stock, and [] to remove the options it had", () => {
    expect(productFormPlan(form({ stock: "4" }), { hasOptions: false }).fields).toEqual({ stock: "4" });
    expect(productFormPlan(form({ stock: "4", stock_was: "4" }), { hasOptions: false }).fields).toEqual({});
    expect(productFormPlan(form({ stock_was: "4" }), { hasOptions: false }).fields).toEqual({ stock: null });
    expect(productFormPlan(form({ stock: "2" }), { hasOptions: true }).fields).toEqual({ stock: "2", variants: [] });
  });

  it("names what is missing in an option", () => {
    const plan = productFormPlan(
      form({
        options: [{ name: "Size" }, { values: "Red" }, { name: "size", values: "S" }],
      }),
      { hasOptions: false },
    );
    expect(plan.errors).toEqual({
      "options.0.values": ["variants.errors.option_values_required"],
      "options.1.name": ["variants.errors.option_name_required"],
      "options.2.name": ["variants.errors.option_name_taken"],
    });
    const long = productFormPlan(form({ options: [{ name: "x".repeat(41), values: `S, ${"y".repeat(41)}` }] }), { hasOptions: false });
    expect(long.errors).toEqual({
      "options.0.name": ["variants.errors.option_too_long?max=40"],
      "options.0.values": ["variants.errors.option_too_long?max=40"],
    });
  });
});
