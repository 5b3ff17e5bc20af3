import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureAppLog, shippingFields, TestClient, type LogLine } from "./app";

/**
 * Requests the app refuses (issue 25 items 6 and 7): a form post from another origin, a body
 * that is no form, a post to a page without an action. Each is our own answer, with the app's
 * headers (CSP, no-store) and error page, and one warning in the log, never an error with a
 * stack that anyone could repeat to flood the log.
 */
let log: Awaited<ReturnType<typeof captureAppLog>>;
let seller: TestClient;
let staff: TestClient;
let liveId = 0;
let liveCode = "";
let orderId = 0;

const signedIn = (email: string) => new TestClient().signInAs(email);

beforeAll(async () => {
  seller = await signedIn("demo@example.com");
  staff = await signedIn("admin@example.com");
  const live = await seller.json<{ id: number; code: string }>("/api/v1/shop/lives/", { json: { title: "Refusals", platform: "tiktok" } });
  ({ id: liveId, code: liveCode } = live.body);
  const order = await new TestClient("demo.localhost:3000").json<{ id: number }>("/api/v1/shop/orders/", {
    json: shippingFields({ reference: "REFUSED-1", total_amount: "30.00" }),
  });
  orderId = order.body.id;
  log = await captureAppLog();
});

afterAll(() => log?.stop());

/** The log lines of one answer, by the request id it carries. */
function linesOf(response: Response): LogLine[] {
  const id = response.headers.get("X-Request-Id");
  return log.lines.filter((line) => line.request_id === id);
}

/** The app's headers: its policy, never kept by a cache, no sniffing, no framing. */
function expectAppHeaders(response: Response, label = "") {
  expect(response.headers.get("Content-Security-Policy"), label).toContain("default-src 'self'");
  expect(response.headers.get("Cache-Control"), label).toBe("no-store");
  expect(response.headers.get("X-Content-Type-Options"), label).toBe("nosniff");
  expect(response.headers.get("X-Frame-Options"), label).toBe("DENY");
}

/** One `warn` line saying the request was refused with `status`, and nothing logged with a stack or as an error. */
function expectWarned(response: Response, status: number, label = "") {
  const lines = linesOf(response);
  expect(
    lines.filter((line) => line.level === "warn" && line.msg === "request refused").map((line) => line.status),
    label,
  ).toEqual([status]);
  expect(
    lines.filter((line) => line.level === "error" || line.level === "fatal" || JSON.stringify(line).includes("stack")),
    label,
  ).toEqual([]);
}

describe("a form posted from another origin", () => {
  const foreign: [string, Record<string, string>][] = [
    ["another site's Origin", { Origin: "http://evil.example" }],
    ["another shop's Origin", { Origin: "http://rival.localhost:3000" }],
    ["Origin: null", { Origin: "null" }],
    ["an Origin that is no URL", { Origin: "not a url" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ];

  it.each(foreign)("with %s is refused with our 403 page, the app's headers and a warning", async (_label, headers) => {
    const shop = new TestClient("demo.localhost:3000");
    for (const [client, path] of [
      [shop, "/?index&product_id=1"],
      [shop, "/login"],
      [new TestClient(), "/login"],
      [seller, "/account"],
    ] as const) {
      const response = await client.request(path, { form: { intent: "update-profile", email: "x@example.test" }, headers, origin: null });
      expect(response.status, path).toBe(403);
      expectAppHeaders(response, path);
      const html = await response.text();
      expect(html, path).toContain("Access denied");
      expect(html, path).toContain("CSRF check failed: reload the page and try again.");
      expectWarned(response, 403, path);
    }
  });

  it("is refused in the visitor's language, and as data for a script's post (.data)", async () => {
    const french = await new TestClient().request("/login", {
      form: { email: "x@example.test", password: "whatever1" },
      headers: { Origin: "http://evil.example", "Accept-Language": "fr" },
    });
    expect(french.status).toBe(403);
    const html = await french.text();
    expect(html).toContain("Accès refusé");
    expect(html).toContain("Échec de la vérification CSRF : rechargez la page et réessayez.");

    const data = await new TestClient().request("/login.data", {
      form: { email: "x@example.test" },
      headers: { Origin: "http://evil.example" },
    });
    expect(data.status).toBe(403);
    expect(data.headers.get("Cache-Control")).toBe("no-store");
    expectWarned(data, 403);
  });

  it("changes nothing: a signed-in seller's profile stays as it was", async () => {
    const before = (await seller.json<{ first_name: string }>("/api/v1/account/profile/")).body.first_name;
    const forged = await seller.request("/account", {
      form: { intent: "update-profile", first_name: "Forged", last_name: "Name" },
      headers: { Origin: "http://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect((await seller.json<{ first_name: string }>("/api/v1/account/profile/")).body.first_name).toBe(before);
  });
});

describe("a post to a page without an action", () => {
  it("is a 405 with the app's headers and a warning", async () => {
    for (const path of ["/pricing", `/dashboard/lives/${liveId}/orders.csv`]) {
      const response = await seller.request(path, { form: { a: "b" } });
      expect(response.status, path).toBe(405);
      expectAppHeaders(response, path);
      expectWarned(response, 405, path);
    }
  });
});

describe("a form action given a body that is no form", () => {
  /** Every screen that takes a form, with who may post it (so that the body is what is refused). */
  const screens = (): [string, TestClient, string][] => [
    ["routes/home.tsx", new TestClient("demo.localhost:3000"), "/?index&product_id=1"],
    ["routes/auth/login.tsx", new TestClient("demo.localhost:3000"), "/login"],
    ["routes/auth/login.tsx", new TestClient(), "/login"],
    ["routes/shop/order-access.tsx", new TestClient("demo.localhost:3000"), "/orders/access"],
    ["routes/shop/live.tsx", new TestClient("demo.localhost:3000"), `/live/${liveCode}`],
    ["routes/shop/claim-link.tsx", new TestClient("demo.localhost:3000"), `/live/${liveCode}/c/${"t".repeat(43)}`],
    ["routes/shop/bag.tsx", new TestClient("demo.localhost:3000"), "/bag"],
    ["routes/register/register.tsx", new TestClient(), "/register"],
    ["routes/auth/verify-email.tsx", new TestClient(), "/verify-email/some-token"],
    ["routes/payments/simulated-authenticate.tsx", new TestClient(), "/payments/simulated/authenticate/pi_unknown"],
    ["routes/account/account.tsx", seller, "/account"],
    ["routes/dashboard/dashboard.tsx", seller, "/dashboard"],
    ["routes/dashboard/products.tsx", seller, "/dashboard/products"],
    ["routes/dashboard/product-edit.tsx", seller, "/dashboard/products/1"],
    ["routes/dashboard/lives.tsx", seller, "/dashboard/lives"],
    ["routes/dashboard/live-board.tsx", seller, `/dashboard/lives/${liveId}`],
    ["routes/shop-settings/customization.tsx", seller, "/shop/customization"],
    ["routes/orders/order-detail.tsx", seller, `/orders/${orderId}`],
    ["routes/orders/order-status-link.ts", seller, `/orders/${orderId}/status-link`],
    ["routes/orders/parcel.tsx", seller, "/orders/parcels/1"],
    ["routes/payments/simulated-onboarding.tsx", seller, "/payments/simulated/onboarding"],
    ["routes/admin/sellers.tsx", staff, "/admin/sellers"],
  ];
  const bodies: [string, Record<string, string>, BodyInit, number][] = [
    ["text", { "Content-Type": "text/plain" }, "intent=shipping&full_name=Ann", 415],
    ["JSON", { "Content-Type": "application/json" }, JSON.stringify({ intent: "shipping" }), 415],
    ["no Content-Type", {}, new TextEncoder().encode("intent=shipping"), 415],
    ["multipart without its boundary", { "Content-Type": "multipart/form-data" }, "--x\r\n", 400],
    [
      "broken multipart",
      { "Content-Type": "multipart/form-data; boundary=x" },
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished',
      400,
    ],
  ];

  it("covers every screen with an action (the logout reads no body: it signs out whatever it is sent)", () => {
    const table = readFileSync("app/routes.ts", "utf8");
    const files = [...table.matchAll(/(?:route|index)\((?:"[^"]*", )?"(routes\/[^"]+)"\)/g)].map(([, file]) => file!);
    const withAction = files.filter(
      (file) =>
        !file.startsWith("routes/api/") && /export (const|async function|function) action\b/.test(readFileSync(`app/${file}`, "utf8")),
    );
    expect(withAction.length).toBeGreaterThan(15);
    expect(withAction.filter((file) => file !== "routes/auth/logout.ts" && !screens().some(([covered]) => covered === file))).toEqual([]);
  });

  it.each(bodies)("%s: 400 or 415 on every screen, with the app's headers and a warning", async (_label, headers, body, status) => {
    for (const [, client, path] of screens()) {
      const response = await client.request(path, { method: "POST", headers, body });
      expect(response.status, path).toBe(status);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      if (response.headers.get("Content-Type")?.startsWith("text/html")) {
        expectAppHeaders(response, path);
        expect(await response.text(), path).toContain(
          status === 415
            ? "Send the form as application/x-www-form-urlencoded or multipart/form-data."
            : "The form data could not be read.",
        );
      }
      expectWarned(response, status, path);
    }
  });

  it("is answered in the visitor's language", async () => {
    const response = await new TestClient().request("/login", {
      method: "POST",
      headers: { "Content-Type": "text/plain", "Accept-Language": "fr" },
      body: "hello",
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("Envoyez le formulaire en application/x-www-form-urlencoded ou en multipart/form-data.");
  });
});
