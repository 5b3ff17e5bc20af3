import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

/** The product editor without JavaScript: plain form posts, answers as pages. */
const seller = () => new TestClient().signInAs("demo@example.com");

const variantsOf = (name: string) =>
  sql<{ id: number; product_id: number; option_key: string; stock: number | null; reserved: number }[]>(
    "select v.id, v.product_id, v.option_key, v.stock, v.reserved from product_variants v join products p on p.id = v.product_id where p.name = ? and v.archived_at is null order by v.position",
    name,
  );

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

describe("the product editor without JavaScript", () => {
  it("shows the grid the options make before saving, then saves the variants with their stock", async () => {
    const demo = await seller();
    const product = { intent: "save-product", name: "Form sweater", price: "40", "options[0].name": "Size", "options[0].values": "S, M" };
    const preview = await demo.html("/dashboard/products/new", { form: product });
    expect(preview.status).toBe(400);
    expect(text(preview.html)).toContain("Check the variants below (one per combination of options), then save the product.");
    expect(preview.html.match(/data-testid="variant-card"/g)).toHaveLength(2);
    expect(preview.html).toContain('name="variants[1].key" value="size=m"');
    expect(await variantsOf("Form sweater")).toEqual([]);

    const saved = await demo.request("/dashboard/products/new", {
      form: { ...product, "variants[0].key": "size=s", "variants[0].stock": "3", "variants[1].key": "size=m", "variants[1].stock": "" },
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/dashboard/products");
    expect((await variantsOf("Form sweater")).map((v) => [v.option_key, v.stock])).toEqual([
      ["size=s", 3],
      ["size=m", null],
    ]);
  });

  it("names what is missing in an option, and a stock below the units held, at its variant", async () => {
    const demo = await seller();
    const missing = await demo.html("/dashboard/products/new", {
      form: { intent: "save-product", name: "Half option", price: "4", "options[0].name": "Size" },
    });
    expect(missing.status).toBe(400);
    expect(text(missing.html)).toContain("Give this option its values, separated by commas, e.g. S, M, L");

    const created = await demo.request("/dashboard/products/new", {
      form: {
        intent: "save-product",
        name: "Held sweater",
        price: "40",
        "options[0].name": "Size",
        "options[0].values": "S",
        "variants[0].key": "size=s",
        "variants[0].stock": "3",
      },
    });
    expect(created.status).toBe(302);
    const [small] = await variantsOf("Held sweater");
    // Two units held by unpaid orders.
    await sql("update product_variants set reserved = 2 where id = ?", small!.id);
    const refused = await demo.html(`/dashboard/products/${small!.product_id}`, {
      form: {
        intent: "save-product",
        name: "Held sweater",
        price: "40",
        "options[0].name": "Size",
        "options[0].values": "S",
        "variants[0].key": "size=s",
        "variants[0].stock": "1",
        "variants[0].stock_was": "3",
      },
    });
    expect(refused.status).toBe(409);
    expect(text(refused.html)).toMatch(/legend[^>]*>S<|S\s+Stock/);
    expect(text(refused.html)).toContain("2 units are held for shoppers: the stock cannot go below that");
    expect((await variantsOf("Held sweater"))[0]?.stock).toBe(3);
  });

  it("changes a variant's stock with the quick buttons: a page back, or the error at the variant", async () => {
    const demo = await seller();
    await demo.request("/dashboard/products/new", {
      form: {
        intent: "save-product",
        name: "Quick sweater",
        price: "40",
        "options[0].name": "Size",
        "options[0].values": "S",
        "variants[0].key": "size=s",
        "variants[0].stock": "3",
      },
    });
    const [small] = await variantsOf("Quick sweater");
    const page = `/dashboard/products/${small!.product_id}`;
    const form = await demo.html(page);
    expect(form.html).toContain(`id="stock-adjust-${small!.id}"`);
    expect(form.html).toMatch(
      new RegExp(`<button[^>]*form="stock-adjust-${small!.id}" value="1" aria-label="Add one unit: S" name="adjust"`),
    );

    const added = await demo.request(page, { form: { intent: "stock", variant: String(small!.id), adjust: "1" } });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(page);
    expect((await variantsOf("Quick sweater"))[0]?.stock).toBe(4);
    expect((await demo.request(page, { form: { intent: "stock", variant: String(small!.id), set: "7" } })).status).toBe(302);
    expect((await variantsOf("Quick sweater"))[0]?.stock).toBe(7);

    const negative = await demo.html(page, { form: { intent: "stock", variant: String(small!.id), set: "-1" } });
    expect(negative.status).toBe(400);
    expect(text(negative.html)).toContain("Enter a whole number of units from 0 to 1,000,000");
    // Drawn again without JavaScript: the "Set to" field keeps what was typed, marked and described by the error.
    const setField = new RegExp(`<input id="stock-set-input-${small!.id}"[^>]*>`).exec(negative.html)?.[0] ?? "";
    expect(setField).toContain('value="-1"');
    expect(setField).toContain('aria-invalid="true"');
    expect(setField).toContain(`aria-describedby="stock-error-${small!.id}"`);
    await sql("update product_variants set reserved = 5 where id = ?", small!.id);
    const below = await demo.html(page, { form: { intent: "stock", variant: String(small!.id), adjust: "-3" } });
    expect(below.status).toBe(409);
    expect(below.html).toMatch(/role="alert"[^>]*>5 units are held for shoppers/);
    const french = await demo.html(page, {
      form: { intent: "stock", variant: String(small!.id), set: "1" },
      headers: { "Accept-Language": "fr" },
    });
    expect(text(french.html)).toMatch(/5 unités/);
    expect((await variantsOf("Quick sweater"))[0]?.stock).toBe(7);
  });
});
