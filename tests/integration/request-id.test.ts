import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

/**
 * Every response carries X-Request-Id; error pages and API errors show the same id, so a
 * user's "Reference" leads to the request's log lines.
 */
function requestIdOf(response: Response): string {
  const id = response.headers.get("X-Request-Id");
  expect(id).toMatch(/^[0-9a-f]{16}$/);
  return id!;
}

/** Breaks one table for the duration of `work`: the app's next query on it fails (a real 500). */
async function withTableMissing<T>(table: string, work: () => Promise<T>): Promise<T> {
  await sql(`alter table ${table} rename to ${table}_gone`);
  try {
    return await work();
  } finally {
    await sql(`alter table ${table}_gone rename to ${table}`);
  }
}

describe("X-Request-Id", () => {
  it("is set on every response, a new one per request", async () => {
    const client = new TestClient();
    const first = requestIdOf(await client.request("/"));
    const second = requestIdOf(await client.request("/api/v1/shop/categories/"));
    expect(second).not.toBe(first);
  });
});

describe("API errors", () => {
  it("keep the spec's {message, errors} and add request_id, the response's id", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const { status, body, response } = await shopper.json<Record<string, unknown>>("/api/v1/shop/orders/", { json: {} });
    expect(status).toBe(400);
    expect(body).toEqual({
      message: expect.any(String),
      errors: expect.objectContaining({ full_name: expect.any(Array) }),
      request_id: requestIdOf(response),
    });
  });

  it("include those answered by the middleware (CSRF) and unexpected failures (500)", async () => {
    const client = new TestClient("demo.localhost:3000");
    const refused = await client.json("/api/v1/shop/orders/", { json: {}, csrf: false });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.any(String), request_id: requestIdOf(refused.response) });

    const failed = await withTableMissing("products", () => client.json("/api/v1/shop/products/"));
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      message: "Something went wrong on our side. Please try again.",
      request_id: requestIdOf(failed.response),
    });
  });

  it("are left alone when they are not API errors (successful answers have no request_id)", async () => {
    const { body } = await new TestClient("demo.localhost:3000").json<Record<string, unknown>>("/api/v1/shop/categories/");
    expect(JSON.stringify(body)).not.toContain("request_id");
  });
});

describe("the 500 page", () => {
  it("shows 'Reference: <request id>' when a page's data fails to load", async () => {
    const page = await withTableMissing("products", () => new TestClient("demo.localhost:3000").html("/products"));
    expect(page.status).toBe(500);
    expect(page.html).toContain(`Reference: ${requestIdOf(page.response)}`);
  });

  it("shows it in the visitor's language when the request fails before any loader ran", async () => {
    const page = await withTableMissing("shops", () =>
      new TestClient("demo.localhost:3000").html("/products", { headers: { "Accept-Language": "fr" } }),
    );
    expect(page.status).toBe(500);
    expect(page.html).toContain(`Référence : ${requestIdOf(page.response)}`);
  });

  it("is the only error page with a reference (a 404 is not ours to investigate)", async () => {
    const page = await new TestClient().html("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.html).not.toContain("Reference:");
  });
});
