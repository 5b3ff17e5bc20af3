import { describe, expect, it } from "vitest";
import { sql, sqlNow, TestClient } from "./app";

type Page = { count: number; next: string | null; previous: string | null; results: Record<string, unknown>[] };
const demo = () => new TestClient("demo.localhost:3000");

describe("GET /api/v1/shop/products/", () => {
  it("answers the paginated shape, with or without the trailing slash", async () => {
    for (const path of ["/api/v1/shop/products/", "/api/v1/shop/products"]) {
      const { status, body } = await demo().json<Page>(path);
      expect(status).toBe(200);
      expect(body.count).toBe(25);
      expect(body.results).toHaveLength(10);
      expect(body.previous).toBeNull();
      expect(body.next).toBe(
        "http://demo.localhost:3000/api/v1/shop/products/?page=2".replace("products/", path.endsWith("/") ? "products/" : "products"),
      );
      expect(body.results[0]).toEqual({
        id: 1,
        name: "Silk Scarf Aurora",
        code: null,
        description: expect.any(String),
        price: "39.00",
        price_min: "39.00",
        price_max: "39.00",
        currency: "EUR",
        featured_image: "http://demo.localhost:3000/demo/scarf.svg",
        is_in_stock: true,
        stock_available: null,
        category: "fashion",
        category_name: "Fashion",
        variants: [],
      });
    }
  });

  it("supports page, page_size, categories__slug, search and available", async () => {
    const last = await demo().json<Page>("/api/v1/shop/products/?page=3");
    expect(last.body.results).toHaveLength(5);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toContain("page=2");
    expect((await demo().json<Page>("/api/v1/shop/products/?page_size=100")).body.results).toHaveLength(25);
    const beauty = await demo().json<Page>("/api/v1/shop/products/?categories__slug=beauty");
    expect(beauty.body.count).toBe(6);
    expect(beauty.body.results.every((p) => p.category === "beauty")).toBe(true);
    const inStock = await demo().json<Page>("/api/v1/shop/products/?available=true&page_size=100");
    expect(inStock.body.results.every((p) => p.is_in_stock === true)).toBe(true);
    expect(inStock.body.count).toBeLessThan(25);
    const search = await demo().json<Page>("/api/v1/shop/products/?search=mug");
    expect(search.body.results.map((p) => p.name)).toEqual(["Ceramic Mug"]);
    const noImage = (await demo().json<Page>("/api/v1/shop/products/?page_size=100")).body.results.filter((p) => p.featured_image === null);
    expect(noImage.length).toBeGreaterThan(0);
  });

  it("answers bad input with a 400 naming the field, never a 500", async () => {
    for (const query of ["page=abc", "page=0", "page_size=101", "page_size=-1", "available=maybe", `search=${"x".repeat(101)}`]) {
      const { status, body } = await demo().json<{ message: string; errors: Record<string, string[]> }>(`/api/v1/shop/products/?${query}`);
      expect(status, query).toBe(400);
      expect(body.message).toBe("Some fields are not valid.");
      expect(Object.keys(body.errors)).toHaveLength(1);
    }
    const beyond = await demo().json<{ message: string }>("/api/v1/shop/products/?page=99");
    expect(beyond.status).toBe(404);
    expect(beyond.body.message).toBe("Invalid page.");
  });

  it("honours Accept-Language for messages", async () => {
    const { body } = await demo().json<{ message: string }>("/api/v1/shop/products/?page=abc", { headers: { "Accept-Language": "fr" } });
    expect(body.message).toBe("Certains champs ne sont pas valides.");
  });

  it("on the main host lists the signed-in seller's own catalogue, archived products included", async () => {
    const { status, body } = await new TestClient().json("/api/v1/shop/products/");
    expect(status).toBe(401);
    expect(body).toEqual({ message: expect.any(String), request_id: expect.any(String) });
    const seller = new TestClient();
    await seller.signInAs("demo@example.com");
    const created = await seller.json<{ id: number }>("/api/v1/shop/products/", { json: { name: "Retired mug", price: 9 } });
    await sql(`update products set archived_at = ${sqlNow()} where id = ?`, created.body.id);
    const own = await seller.json<Page & { results: { id: number; archived: boolean }[] }>("/api/v1/shop/products/?page_size=100");
    expect(own.status).toBe(200);
    expect(own.body.count).toBe(26);
    expect(own.body.results.find((p) => p.id === created.body.id)?.archived).toBe(true);
    expect(own.body.results.filter((p) => p.archived)).toHaveLength(1);
    // Shoppers never see it.
    expect((await demo().json<Page>("/api/v1/shop/products/?page_size=100")).body.count).toBe(25);
  });
});

describe("GET /api/v1/shop/categories/", () => {
  it("lists the shop's categories", async () => {
    const { status, body } = await demo().json<Page>("/api/v1/shop/categories/");
    expect(status).toBe(200);
    expect(body.results).toEqual([
      { slug: "fashion", name: "Fashion" },
      { slug: "beauty", name: "Beauty" },
      { slug: "home", name: "Home" },
      { slug: "accessories", name: "Accessories" },
    ]);
    expect((await new TestClient().request("/api/v1/shop/categories/")).status).toBe(401);
  });
});

describe("API plumbing", () => {
  it("answers unknown endpoints and methods with JSON", async () => {
    const unknown = await demo().json("/api/v1/nope/");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "This API endpoint does not exist.", request_id: expect.any(String) });
    const method = await demo().json<{ message: string }>("/api/v1/shop/products/", { method: "DELETE" });
    expect(method.status).toBe(405);
    expect(method.response.headers.get("Allow")).toBe("GET, POST");
    expect(method.body.message).toBe("Method DELETE is not allowed here.");
  });

  it("answers each endpoint of a module serving several with that endpoint's own methods, and unknown ones with 404", async () => {
    const seller = await new TestClient().signInAs("demo@example.com");
    const visitor = new TestClient();
    const shopper = demo();
    // [client, method, path, Allow]: a wrong method was a 404, or a 405 naming a sibling's methods.
    const allowed: [TestClient, string, string, string][] = [
      [seller, "POST", "/api/v1/shop/orders/1/", "GET, PATCH"],
      [seller, "DELETE", "/api/v1/shop/orders/1/", "GET, PATCH"],
      [seller, "PATCH", "/api/v1/shop/orders/", "GET, POST"],
      [seller, "DELETE", "/api/v1/shop/orders/", "GET, POST"],
      [seller, "PUT", "/api/v1/customer/shop/customization/", "GET"],
      [seller, "GET", "/api/v1/customer/shop/customization/update/", "PUT"],
      [seller, "POST", "/api/v1/customer/shop/customization/update/", "PUT"],
      [shopper, "PUT", "/api/v1/customer/shop/customization/public/", "GET"],
      [visitor, "POST", "/api/v1/customer/register/status/", "GET"],
      [visitor, "GET", "/api/v1/customer/register/step1/", "POST"],
      [visitor, "GET", "/api/v1/customer/register/complete/", "POST"],
      [seller, "GET", "/api/v1/customer/stripe/connect/update_status/", "POST"],
      [shopper, "GET", "/api/v1/payment/pay/", "POST"],
    ];
    for (const [client, method, path, allow] of allowed) {
      const answer = await client.json<{ message: string }>(path, { method, json: method === "GET" ? undefined : {} });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.response.headers.get("Allow"), `${method} ${path}`).toBe(allow);
      expect(answer.body.message).toBe(`Method ${method} is not allowed here.`);
    }
    for (const path of ["/api/v1/customer/shop/customization/other/", "/api/v1/customer/stripe/connect/other/", "/api/v1/payment/other/"]) {
      for (const method of ["GET", "POST"]) {
        const answer = await seller.json(path, { method, json: method === "GET" ? undefined : {} });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body).toEqual({ message: "This API endpoint does not exist.", request_id: expect.any(String) });
      }
    }
    // Nothing was changed on the way: the order still has its status.
    expect((await seller.json<{ status: string }>("/api/v1/shop/orders/1/")).body.status).toBe("delivered");
  });

  it("refuses a product's price given as a list or a boolean, and takes it as a number or a string", async () => {
    const seller = await new TestClient().signInAs("demo@example.com");
    const count = async () => (await sql<{ n: number }[]>("select count(*) as n from products"))[0]!.n;
    const before = await count();
    for (const price of [[12], true, { amount: 12 }]) {
      const { status, body } = await seller.json<{ errors: Record<string, string[]> }>("/api/v1/shop/products/", {
        json: { name: "Odd price", price },
      });
      expect(status, JSON.stringify(price)).toBe(400);
      expect(Object.keys(body.errors)).toEqual(["price"]);
    }
    expect(await count()).toBe(before);
    for (const price of [12, "12.50"]) {
      expect((await seller.json("/api/v1/shop/products/", { json: { name: "Plain price", price } })).status).toBe(201);
    }
  });

  it("sets the csrftoken cookie on GET and refuses unsafe calls without X-CSRFToken", async () => {
    const client = demo();
    await client.request("/api/v1/shop/categories/");
    expect(client.cookies.get("csrftoken")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const refused = await client.json<{ message: string }>("/api/v1/shop/products/", { method: "POST", json: {}, csrf: false });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/CSRF/);
    const wrong = await client.json("/api/v1/shop/products/", { method: "POST", json: {}, headers: { "X-CSRFToken": "x".repeat(32) } });
    expect(wrong.status).toBe(403);
    const crossOrigin = await client.json("/api/v1/shop/products/", {
      method: "POST",
      json: {},
      headers: { Origin: "http://evil.localhost:3000" },
    });
    expect(crossOrigin.status).toBe(403);
    const accepted = await client.json("/api/v1/shop/products/", { method: "POST", json: {} });
    expect(accepted.status).toBe(401); // passes the CSRF check, then: only the shop's seller may add products
  });

  it("creates nothing for a signed-in seller's unsafe call refused by the CSRF check", async () => {
    const seller = new TestClient();
    await seller.signInAs("demo@example.com");
    const product = { name: "Forged mug", price: 9 };
    const forged = async () => (await sql<{ n: number }[]>("select count(*) as n from products where name = ?", product.name))[0]!.n;
    expect((await seller.json("/api/v1/shop/products/", { json: product, csrf: false })).status).toBe(403);
    expect((await seller.json("/api/v1/shop/products/", { json: product, headers: { "X-CSRFToken": "x".repeat(32) } })).status).toBe(403);
    const crossOrigin = await seller.json("/api/v1/shop/products/", { json: product, headers: { Origin: "http://evil.localhost:3000" } });
    expect(crossOrigin.status).toBe(403);
    expect(await forged()).toBe(0);
    // The same call with the token goes through: the refusals above were the CSRF check's.
    expect((await seller.json("/api/v1/shop/products/", { json: product })).status).toBe(201);
    expect(await forged()).toBe(1);
  });
});
