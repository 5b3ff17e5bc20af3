import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

// Issue 29: the shop's claim words and cap per product, on the customization screen and in
// its API, validated in both languages.

const url = "/api/v1/customer/shop/customization/update/";
type Settings = { claim_words: string[] | null; claim_cap_per_product: number };
type ErrorBody = { errors: Record<string, string[]> };

const demoSeller = () => new TestClient("localhost:3000").signInAs("demo@example.com");
const savedSettings = async () => (await demoSeller()).json<Settings>("/api/v1/customer/shop/customization/").then((r) => r.body);
const capInDatabase = async () =>
  (await sql<{ cap: number }[]>("SELECT claim_cap_per_product AS cap FROM shops WHERE subdomain = 'demo'"))[0]!.cap;

describe("the shop's claim settings", () => {
  it("are read and saved with the customization: words comma separated or as a list, empty for the defaults", async () => {
    const demo = await demoSeller();
    expect(await savedSettings()).toMatchObject({ claim_words: null, claim_cap_per_product: 3 });

    const saved = await demo.json<Settings>(url, {
      method: "PUT",
      json: { claim_words: " Sold ,je   prends,, sold, +1 ", claim_cap_per_product: "5" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ claim_words: ["Sold", "je prends", "+1"], claim_cap_per_product: 5 });
    expect(await capInDatabase()).toBe(5);
    const list = await demo.json<Settings>(url, { method: "PUT", json: { claim_words: ["mine", " à moi "] } });
    expect(list.body).toMatchObject({ claim_words: ["mine", "à moi"], claim_cap_per_product: 5 });

    // The screen's form (multipart, without JavaScript): one text field, and the cap.
    const page = await demo.html("/shop/customization");
    expect(page.html).toMatch(/<input[^>]*name="claim_words"[^>]*value="mine, à moi"/);
    expect(page.html).toMatch(/<input[^>]*name="claim_cap_per_product"[^>]*value="5"/);
    expect(page.html).not.toMatch(/<input[^>]*name="claim_words"[^>]*required/);
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "update-customization", claim_words: "", claim_cap_per_product: "99" })) {
      form.set(name, value);
    }
    form.set("csrf", demo.cookies.get("csrftoken") ?? "");
    expect((await demo.request("/shop/customization", { method: "POST", body: form })).status).toBe(302);
    expect(await savedSettings()).toMatchObject({ claim_words: null, claim_cap_per_product: 99 });

    await demo.json(url, { method: "PUT", json: { claim_words: null, claim_cap_per_product: 3 } });
    expect(await savedSettings()).toMatchObject({ claim_words: null, claim_cap_per_product: 3 });
  });

  it("refuses a cap out of range and bad words in both languages, changing nothing", async () => {
    const demo = await demoSeller();
    await demo.json(url, { method: "PUT", json: { claim_words: "sold", claim_cap_per_product: 3 } });
    const cases: [unknown, unknown][] = [
      [0, "x".repeat(31)],
      [100, "sold, 2"],
      [2.5, Array.from({ length: 21 }, (_, i) => `word${i}`).join(",")],
      ["three", [1]],
    ];
    for (const [cap, words] of cases) {
      const refused = await demo.json<ErrorBody>(url, {
        method: "PUT",
        json: { claim_cap_per_product: cap, claim_words: words, shop_name: "Renamed" },
      });
      expect(refused.status, JSON.stringify([cap, words])).toBe(400);
      expect(refused.body.errors.claim_cap_per_product).toEqual(["Enter a whole number of units from 1 to 99."]);
      expect(refused.body.errors.claim_words).toHaveLength(1);
    }
    const tooMany = await demo.json<ErrorBody>(url, { method: "PUT", json: { claim_words: cases[2]![1] } });
    expect(tooMany.body.errors).toEqual({ claim_words: ["Enter at most 20 claim words."] });
    const number = await demo.json<ErrorBody>(url, { method: "PUT", json: { claim_words: "sold, 2" } });
    expect(number.body.errors).toEqual({
      claim_words: ["Each claim word is 1 to 30 characters and not a number alone (a number is read as a quantity)."],
    });
    const french = await demo.json<ErrorBody>(url, {
      method: "PUT",
      json: { claim_cap_per_product: 0, claim_words: "x".repeat(31) },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.body.errors).toEqual({
      claim_cap_per_product: ["Saisissez un nombre entier d’unités de 1 à 99."],
      claim_words: [
        "Chaque mot de réservation fait de 1 à 30 caractères et n’est pas un nombre seul (un nombre est lu comme une quantité).",
      ],
    });
    expect(await savedSettings()).toMatchObject({ claim_words: ["sold"], claim_cap_per_product: 3 });
    expect((await sql<{ name: string }[]>("SELECT name FROM shops WHERE subdomain = 'demo'"))[0]!.name).not.toBe("Renamed");
    await demo.json(url, { method: "PUT", json: { claim_words: "" } });
  });

  it("are documented in the OpenAPI document", async () => {
    type Schema = { properties: Record<string, { description?: string }> };
    type Op = { requestBody: { content: { "application/json": { schema: Schema } } } };
    const document = (await new TestClient().json<{ paths: Record<string, Record<string, Op>> }>("/api/v1/openapi.json")).body;
    const customization = document.paths["/customer/shop/customization/update/"]!.put!.requestBody.content["application/json"].schema;
    expect(customization.properties.claim_words?.description).toContain("comma separated");
    expect(customization.properties.claim_cap_per_product?.description).toContain("1 to 99");
  });
});
