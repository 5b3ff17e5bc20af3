import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer } from "../support/dns-server";
import { captureAppLog, shippingFields, TestClient, type LogLine } from "./app";

/**
 * The junk-input sweep: odd values in every field of every API endpoint (bodies, query
 * parameters, path parameters) and of every form the screens show, on SQLite and on
 * PostgreSQL. Nothing is a 500 or an error in the log, and text holding a control character
 * (issue 25: NUL was a 500 on PostgreSQL) is a 400 that names the field, before anything reads
 * it. Tab and newline are text only in fields that span lines.
 */
const MULTILINE = new Set([
  "description",
  "business_description",
  "custom_css",
  "checkout_banner_text_en",
  "checkout_banner_text_fr",
  "reason",
]);
/** Refused in every field. */
const CONTROL = ["a\u0000b", "x\u001b[31m", "\u0085"];
/** Refused in single-line fields only. */
const LINES = ["a\tb"];
// Beyond what an id column holds (PostgreSQL's integer), as text and as a number.
const ODD_TEXT = ["", "x".repeat(5000), "😀\ud800", "' OR '1'='1", "2147483648"];
const ODD_JSON: unknown[] = [null, 2147483648, 1e308, { a: 1 }];
/** Control characters nested in a JSON value: refused too, naming the nested field. */
const NESTED_CONTROL: unknown[] = [{ a: ["\u0000"] }];

const hasControl = (text: string, field: string) =>
  // eslint-disable-next-line no-control-regex
  (MULTILINE.has(field) ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/ : /[\u0000-\u001f\u007f-\u009f]/).test(text);

type ErrorBody = { message?: string; errors?: Record<string, string[]> } | null;

const failures: string[] = [];
let log: Awaited<ReturnType<typeof captureAppLog>>;
// The custom domains' checks ask a DNS server of this file's own (no network; it knows no name).
const dns = await startDnsServer();
process.env.DNS_SERVERS = dns.address;
afterAll(() => dns.close());
let address = 0;
/** A new client address per request: the sweep is not about the per-address limits. */
const nextAddress = () => `10.25.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

/**
 * Records what is wrong with an answer: a 500, or a control character not refused with a 400
 * naming its field (`refused`; "" for the address itself, which names none). `body` is an
 * API answer's JSON, null for a page.
 */
function judge(label: string, status: number, refused: string | null, body: ErrorBody) {
  if (status >= 500) failures.push(`${label}: ${status}`);
  else if (refused !== null) {
    // A resource route's form answer (JSON) names it in its message.
    const named =
      refused === "" ||
      body === null ||
      Object.keys(body.errors ?? {}).some((key) => key === refused || key.startsWith(`${refused}.`)) ||
      (body.message ?? "").includes(refused);
    if (status !== 400 || !named) failures.push(`${label}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
  }
}

/** A path segment as a client would send it (a lone surrogate has no UTF-8: its bytes as CESU-8 would write them). */
function segment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
}

async function readError(response: Response): Promise<ErrorBody> {
  const text = await response.text();
  if (!(response.headers.get("Content-Type") ?? "").includes("json")) return null;
  try {
    return JSON.parse(text) as ErrorBody;
  } catch {
    return null;
  }
}

/** The field a JSON value must be refused for (its control character), or null. */
function refusedJsonField(field: string, value: unknown): string | null {
  if (typeof value === "string") return hasControl(value, field) ? field : null;
  if (Array.isArray(value) || (typeof value === "object" && value !== null)) {
    return JSON.stringify(value).includes("\\u0000") ? field : null;
  }
  return null;
}

type Client = () => TestClient;
type ApiCase = { client: Client; body?: () => Record<string, unknown>; query?: string[] };

let seller: TestClient;
let shopper: TestClient;
let staff: TestClient;
let visitor: TestClient;
const anonymous = () => visitor;
const ids = { product: 0, live: 0, liveCode: "", order: 0 };

const signedIn = (email: string) => new TestClient().signInAs(email);

async function sweepJson(op: string, spec: ApiCase) {
  const [method, template] = op.split(" ") as [string, string];
  const path = (params: Record<string, string>) => `/api/v1${template.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!)}`;
  const base = spec.body?.();
  const real = {
    id: String(template.includes("/lives/") ? ids.live : template.includes("/orders/") ? ids.order : ids.product),
    slug: "home",
    token: "x",
    claim_id: "999999",
  };
  const send = async (label: string, url: string, body: Record<string, unknown> | undefined, refused: string | null) => {
    const response = await spec.client().request(url, { method, json: body, clientAddress: nextAddress() });
    judge(label, response.status, refused, await readError(response));
  };
  // Control characters first: they are refused before anything runs, so the base request's
  // own effect (a deletion, a live ended) cannot change what the next one finds.
  const texts = [...CONTROL, ...LINES, ...ODD_TEXT];
  for (const [name] of template.matchAll(/\{(\w+)\}/g)) {
    const param = name.slice(1, -1);
    for (const junk of texts) {
      const refused = hasControl(junk, param) ? "" : null;
      await send(`${op} {${param}}=${JSON.stringify(junk).slice(0, 30)}`, path({ ...real, [param]: segment(junk) }), base, refused);
    }
  }
  for (const field of spec.query ?? []) {
    for (const junk of texts) {
      const refused = hasControl(junk, field) ? field : null;
      await send(
        `${op} ?${field}=${JSON.stringify(junk).slice(0, 30)}`,
        `${path(real)}?${new URLSearchParams({ [field]: junk })}`,
        undefined,
        refused,
      );
    }
  }
  for (const field of Object.keys(base ?? {})) {
    for (const junk of [...texts, ...ODD_JSON, ...NESTED_CONTROL]) {
      const refused = refusedJsonField(field, junk);
      await send(`${op} ${field}=${JSON.stringify(junk).slice(0, 30)}`, path(real), { ...base, [field]: junk }, refused);
    }
  }
}

beforeAll(async () => {
  seller = await signedIn("demo@example.com");
  staff = await signedIn("admin@example.com");
  shopper = new TestClient("demo.localhost:3000");
  visitor = new TestClient();
  const product = await seller.json<{ id: number }>("/api/v1/shop/products/", { json: { name: "Sweep mug", price: "12.00" } });
  ids.product = product.body.id;
  const live = await seller.json<{ id: number; code: string }>("/api/v1/shop/lives/", {
    json: { title: "Sweep live", platform: "tiktok" },
  });
  ids.live = live.body.id;
  ids.liveCode = live.body.code;
  const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", {
    json: shippingFields({ reference: "SWEEP-1", total_amount: "30.00" }),
  });
  ids.order = order.body.id;
  expect([product.status, live.status, order.status]).toEqual([201, 201, 201]);
  log = await captureAppLog();
});

afterAll(() => log?.stop());

/** What the cases are built from: the seller's current profile and shop, read once. */
const current: Record<"profile" | "sellerProfile" | "customization", Record<string, unknown>> = {
  profile: {},
  sellerProfile: {},
  customization: {},
};
const pick = (source: keyof typeof current, names: string[]) => () =>
  Object.fromEntries(names.map((name) => [name, current[source][name] ?? ""]));
const registration = {
  business_name: "Sweep Shop",
  subdomain: "sweep-shop",
  business_type: "company",
  business_description: "Odd values",
  country: "FR",
  siret: "12345678901234",
  contact_email: "sweep@example.test",
  contact_phone: "0600000000",
  email: "sweep@example.test",
  first_name: "Swe",
  last_name: "Ep",
  // Not the same: the steps stop before hashing (slow on purpose) for every variant.
  password: "Sweep1234!",
  password_confirm: "Sweep1234?",
};
const step = (names: (keyof typeof registration)[]) => () => Object.fromEntries(names.map((name) => [name, registration[name]]));
const ORDER_LIST = ["page", "page_size", "status", "payment_status", "view", "search"];

const API_CASES: Record<string, ApiCase> = {
  "POST /account/auth/login/": { client: anonymous, body: () => ({ email: "demo@example.com", password: "Demo1234!" }) },
  "PATCH /account/profile/": { client: () => seller, body: pick("profile", ["first_name", "last_name", "phone_number", "language"]) },
  "PATCH /account/seller-profile/": {
    client: () => seller,
    body: pick("sellerProfile", [
      "business_name",
      "business_type",
      "business_description",
      "business_address",
      "tax_id",
      "contact_email",
      "contact_phone",
      "website",
      "siret",
      "country",
    ]),
  },
  "GET /auth/verify-email/{token}/": { client: anonymous },
  "POST /auth/resend-verification/": { client: anonymous, body: () => ({ email: "demo@example.com" }) },
  "POST /customer/register/step1/": {
    client: anonymous,
    body: step(["business_name", "subdomain", "business_type", "business_description"]),
  },
  "POST /customer/register/step2/": { client: anonymous, body: step(["country", "siret", "contact_email", "contact_phone"]) },
  "POST /customer/register/step3/": { client: anonymous, body: step(["email", "first_name", "last_name", "password", "password_confirm"]) },
  "POST /customer/register/complete/": { client: anonymous, body: () => registration },
  "PUT /customer/shop/customization/update/": {
    client: () => seller,
    body: pick("customization", [
      "shop_name",
      "primary_color",
      "secondary_color",
      "background_color",
      "text_color",
      "checkout_banner_text_en",
      "checkout_banner_text_fr",
      "custom_css",
      "minimum_order_amount",
      "low_stock_threshold",
      "hold_minutes",
      "claim_words",
      "claim_cap_per_product",
    ]),
  },
  "PUT /customer/shop/shipping/": {
    client: () => seller,
    body: () => ({
      zones: [{ name: "Sweep", countries: ["FR"], rates: [{ name: "Post", price: "4.90", free_from: null }] }],
      pickup: null,
    }),
  },
  "GET /shop/shipping/": { client: () => shopper, query: ["country"] },
  "POST /customer/shop/domains/": { client: () => seller, body: () => ({ domain: "sweep-lea.fr" }) },
  "POST /customer/shop/domains/{id}/verify/": { client: () => seller },
  "PATCH /customer/shop/domains/{id}/": { client: () => seller, body: () => ({ primary: true }) },
  "DELETE /customer/shop/domains/{id}/": { client: () => seller },
  "GET /shop/products/": { client: () => shopper, query: ["page", "page_size", "categories__slug", "search", "available"] },
  "POST /shop/products/": {
    client: () => seller,
    body: () => ({
      name: "Odd mug",
      description: "Plain",
      price: "9.00",
      is_in_stock: true,
      category: "home",
      variants: [{ options: { Size: "M" }, sku: "ODD-M", price: "9.50", stock: 2 }],
    }),
  },
  "GET /shop/products/{id}/": { client: () => seller },
  "PATCH /shop/products/{id}/": {
    client: () => seller,
    body: () => ({ name: "Sweep mug", description: "Plain", price: "12.00", category: "home", stock: 40 }),
  },
  "POST /shop/products/{id}/stock/": { client: () => seller, body: () => ({ variant: null, set: 30 }) },
  "DELETE /shop/products/{id}/": { client: () => seller },
  "POST /shop/categories/": { client: () => seller, body: () => ({ name: "Odd things", slug: "odd-things" }) },
  "PATCH /shop/categories/{slug}/": { client: () => seller, body: () => ({ name: "Home", slug: "home" }) },
  "DELETE /shop/categories/{slug}/": { client: () => seller },
  "GET /shop/orders/": { client: () => seller, query: ORDER_LIST },
  "POST /shop/orders/": {
    client: () => shopper,
    body: () => shippingFields({ reference: "SWEEP-2", content: "Mug", total_amount: "30.00" }),
  },
  "POST /shop/products/{id}/waitlist/": { client: () => shopper, body: () => ({ email: "sweep@example.test", variant: null }) },
  "GET /shop/orders/{id}/": { client: () => seller },
  "PATCH /shop/orders/{id}/": { client: () => seller, body: () => ({ status: "processing" }) },
  "GET /shop/orders/export/": { client: () => seller, query: ["view", "status", "payment_status", "search"] },
  "GET /shop/orders/{id}/refunds/": { client: () => seller },
  "POST /shop/orders/{id}/refunds/": { client: () => seller, body: () => ({ amount: "1.00", reason: "Odd", restock: false }) },
  "POST /shop/orders/{id}/fulfillment/": { client: () => seller, body: () => ({ carrier: "colissimo", tracking_number: "6A12345678901" }) },
  "POST /payment/pay/": { client: () => shopper, body: () => ({ order_id: ids.order, provider_slug: "simulated" }) },
  "POST /payment/confirm/": { client: () => shopper, body: () => ({ transaction_id: "1", payment_intent_id: "pi_sweep" }) },
  "POST /payment/simulated/confirm/": {
    client: () => shopper,
    body: () => ({ client_secret: "pi_sweep_secret", card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" }),
  },
  "GET /shop/lives/": { client: () => seller, query: ["page", "page_size"] },
  "POST /shop/lives/": { client: () => seller, body: () => ({ title: "Odd live", platform: "tiktok", scheduled_at: "" }) },
  "GET /shop/lives/{id}/": { client: () => seller },
  "PATCH /shop/lives/{id}/": { client: () => seller, body: () => ({ chat_channel: "sweep_channel" }) },
  "POST /shop/lives/{id}/end/": { client: () => seller },
  "POST /shop/lives/{id}/pin/": { client: () => seller, body: () => ({ product_id: ids.product }) },
  "DELETE /shop/lives/{id}/pin/": { client: () => seller },
  "GET /shop/lives/{id}/orders/": { client: () => seller, query: ORDER_LIST },
  "PUT /shop/lives/{id}/reminder/": { client: () => seller, body: () => ({ delay_minutes: 30 }) },
  "POST /shop/lives/{id}/comments/": {
    client: () => seller,
    body: () => ({ platform: "twitch", author: { handle: "sweep", name: "Sweep" }, text: "sold SWEEP1" }),
  },
  "GET /shop/lives/{id}/claims/": { client: () => seller },
  "DELETE /shop/lives/{id}/claims/{claim_id}/": { client: () => seller },
  "GET /domains/tls-check/": { client: anonymous, query: ["domain"] },
  // Last: what it changes is this password; the sweep's sessions stay.
  "PATCH /account/auth/change-password/": { client: () => seller, body: () => ({ new_password: "Demo1234!" }) },
};

describe("the junk-input sweep of the API", () => {
  beforeAll(async () => {
    current.profile = (await seller.json<Record<string, unknown>>("/api/v1/account/profile/")).body;
    current.sellerProfile = (await seller.json<Record<string, unknown>>("/api/v1/account/seller-profile/")).body;
    current.customization = (await seller.json<Record<string, unknown>>("/api/v1/customer/shop/customization/")).body;
  });

  it("covers every documented endpoint that takes a body, a query or a path parameter", async () => {
    type Operation = { parameters?: unknown[]; requestBody?: unknown };
    const document = (await shopper.json<{ paths: Record<string, Record<string, Operation>> }>("/api/v1/openapi.json")).body;
    const withInput = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        // The webhook's body is the provider's, checked by its signature before it is read.
        .filter(([, operation]) => (operation.parameters?.length || operation.requestBody) && path !== "/payment/webhook/")
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withInput.filter((op) => !(op in API_CASES))).toEqual([]);
  });

  for (const [op, spec] of Object.entries(API_CASES)) {
    it(`${op}: odd values are never a 500, control characters a 400 naming the field`, { timeout: 180_000 }, async () => {
      failures.length = 0;
      await sweepJson(op, spec);
      expect(failures).toEqual([]);
    });
  }

  it("logged no error", () => {
    expect(log.lines.filter((line: LogLine) => line.level === "error")).toEqual([]);
  });
});

/** A form as a page shows it: where it goes, how, and the fields a browser would send. */
type PageForm = { method: string; action: string; multipart: boolean; fields: [string, string][] };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) =>
    name.startsWith("#x")
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name] ?? entity),
  );
const attribute = (attributes: string, name: string) => {
  const found = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(attributes);
  return found ? decode(found[1]!) : null;
};
const present = (attributes: string, name: string) => new RegExp(`\\s${name}(="[^"]*")?(?=[\\s/>]|$)`, "i").test(attributes);

/** The forms of a server-rendered page (React's markup: attributes in double quotes). */
function formsOf(html: string, page: string): PageForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map(([, attributes, inner]) => {
    const fields: [string, string][] = [];
    for (const [, input] of inner!.matchAll(/<input\b([^>]*?)\/?>/gi)) {
      const name = attribute(input!, "name");
      const type = (attribute(input!, "type") ?? "text").toLowerCase();
      if (!name || ["file", "submit", "button", "image", "reset"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !present(input!, "checked")) continue;
      fields.push([name, attribute(input!, "value") ?? (type === "checkbox" ? "on" : "")]);
    }
    for (const [, textarea, text] of inner!.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/gi)) {
      const name = attribute(textarea!, "name");
      if (name) fields.push([name, decode(text!)]);
    }
    for (const [, select, options] of inner!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/gi)) {
      const name = attribute(select!, "name");
      const values = [...options!.matchAll(/<option\b([^>]*)>/gi)].map(([, option]) => ({
        value: attribute(option!, "value") ?? "",
        selected: present(option!, "selected"),
      }));
      const chosen = values.find((option) => option.selected) ?? values.find((option) => option.value !== "");
      if (name) fields.push([name, chosen?.value ?? ""]);
    }
    const button = [...inner!.matchAll(/<button\b([^>]*)>/gi)]
      .map(([, found]) => found!)
      .find((found) => attribute(found, "name") !== null && (attribute(found, "type") ?? "submit") === "submit");
    if (button) fields.push([attribute(button, "name")!, attribute(button, "value") ?? ""]);
    return {
      method: (attribute(attributes!, "method") ?? "get").toLowerCase(),
      action: attribute(attributes!, "action") ?? page,
      multipart: (attribute(attributes!, "enctype") ?? "").includes("multipart"),
      fields,
    };
  });
}

/** What a person would type where the page leaves a field empty (so that most forms get past their validation). */
function typed(name: string): string {
  if (/confirm/.test(name)) return "Sweep1234?"; // never the password: nothing is hashed or created
  if (/password/.test(name)) return "Sweep1234!";
  const values: Record<string, string> = {
    full_name: "Paul Shopper",
    email: "paul@example.test",
    contact_email: "sweep@example.test",
    phone: "0611223344",
    contact_phone: "0611223344",
    address: "12 rue Victor Hugo",
    city: "Nantes",
    zip_code: "44000",
    country: "France",
    reference: "SWEEP-3",
    total_amount: "30.00",
    quantity: "1",
    title: "Odd live",
    name: "Odd thing",
    price: "9.00",
    business_name: "Sweep Shop",
    subdomain: "sweep-screens",
    siret: "12345678901234",
    first_name: "Swe",
    last_name: "Ep",
    amount: "1.00",
    reason: "Odd",
    code: "123456",
    delay_minutes: "30",
    iban: "FR7630006000011234567890189",
    card_number: "4242424242424242",
    expiry: "12/30",
    cvc: "123",
  };
  return values[name] ?? "";
}

const SCREEN_JUNK = ["a\u0000b", "a\tb", "x".repeat(5000), "😀\ud800' OR '1'='1", "2147483648"];

async function sweepForms(client: TestClient, page: string) {
  const response = await client.request(page);
  expect(response.status, page).toBe(200);
  // One of each kind (a list shows the same form per row); never the logout, which would end the sweep's session.
  const kinds = new Map<string, PageForm>();
  for (const form of formsOf(await response.text(), page)) {
    const kind = [form.method, form.action, ...form.fields.map(([name, value]) => (name === "intent" ? `${name}=${value}` : name))].join(
      " ",
    );
    if (form.action !== "/logout" && !kinds.has(kind)) kinds.set(kind, form);
  }
  for (const form of kinds.values()) {
    const base = form.fields.map(([name, value]): [string, string] => [name, value || typed(name)]);
    // Control characters first: refused before any handler runs, they change nothing the rest finds.
    const variants = SCREEN_JUNK.flatMap((junk) => base.filter(([name]) => name !== "csrf").map(([name]) => ({ name, junk })));
    variants.sort((a, b) => Number(!hasControl(a.junk, a.name)) - Number(!hasControl(b.junk, b.name)));
    for (const { name, junk } of variants) {
      const fields = base.map(([field, value]): [string, string] => [field, field === name ? junk : value]);
      const label = `${page} ${form.method.toUpperCase()} ${form.action} ${name}=${JSON.stringify(junk).slice(0, 30)}`;
      let answer: Response;
      if (form.method === "get") {
        const url = new URL(form.action, "http://x");
        answer = await client.request(`${url.pathname}?${new URLSearchParams(fields)}`);
      } else if (form.multipart) {
        const body = new FormData();
        for (const [field, value] of fields) body.append(field, value);
        answer = await client.request(form.action, { method: "POST", body, clientAddress: nextAddress() });
      } else {
        answer = await client.request(form.action, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          clientAddress: nextAddress(),
        });
      }
      judge(label, answer.status, hasControl(junk, name) ? name : null, await readError(answer));
    }
  }
}

describe("the junk-input sweep of the screens' forms", () => {
  const pages: [string, () => TestClient, () => string][] = [
    ["shop", () => shopper, () => "/?product_id=1"],
    ["shop", () => shopper, () => `/?order=${ids.order}&step=payment`],
    ["shop", () => shopper, () => `/live/${ids.liveCode}`],
    ["shop", () => shopper, () => "/orders/access"],
    ["shop", () => shopper, () => "/products"],
    ["shop", () => new TestClient("demo.localhost:3000"), () => "/login"],
    ["main", () => new TestClient(), () => "/login"],
    ["main", () => new TestClient(), () => "/register"],
    ["main", () => seller, () => "/dashboard"],
    ["main", () => seller, () => "/dashboard/products"],
    ["main", () => seller, () => `/dashboard/products/${ids.product}`],
    ["main", () => seller, () => `/dashboard/products/${ids.product}/stock`],
    ["main", () => seller, () => "/dashboard/lives"],
    ["main", () => seller, () => `/dashboard/lives/${ids.live}`],
    ["main", () => seller, () => "/shop/customization"],
    ["main", () => seller, () => "/account?section=profile&edit=profile"],
    ["main", () => seller, () => "/account?section=profile&edit=password"],
    ["main", () => seller, () => "/account?section=seller&edit=seller"],
    ["main", () => seller, () => "/account?section=shop"],
    ["main", () => seller, () => "/account?section=domain"],
    ["main", () => seller, () => "/orders"],
    ["main", () => seller, () => `/orders/${ids.order}`],
    ["main", () => seller, () => "/payments/simulated/onboarding"],
    ["main", () => staff, () => "/admin/sellers"],
  ];
  for (const [site, client, page] of pages) {
    it(
      `${site} ${page.toString().replace(/^\(\) => /, "")}: odd values are never a 500, control characters a 400`,
      { timeout: 180_000 },
      async () => {
        failures.length = 0;
        await sweepForms(client(), page());
        expect(failures).toEqual([]);
      },
    );
  }

  it("logged no error", () => {
    expect(log.lines.filter((line: LogLine) => line.level === "error")).toEqual([]);
  });
});
