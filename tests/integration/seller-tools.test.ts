import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { shippingFields, sql, TestClient } from "./app";

const fields = shippingFields({ full_name: "Tina Tools", email: "tina@example.test", reference: "TOOLS-1", total_amount: "30.00" });
const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };

const seller = (email = "demo@example.com") => new TestClient().signInAs(email);

async function paidOrder(total = "30.00", extra: Record<string, string> = {}) {
  const shopper = new TestClient("demo.localhost:3000");
  const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", { json: { ...fields, total_amount: total, ...extra } });
  const pay = await shopper.json<{ client_secret: string; transaction_id: string }>("/api/v1/payment/pay/", {
    json: { order_id: order.body.id, provider_slug: "simulated" },
  });
  const paid = await shopper.json<{ id: string; status: string }>("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: pay.body.client_secret, ...card },
  });
  expect(paid.body.status).toBe("succeeded");
  return { shopper, orderId: order.body.id };
}

async function otherSeller() {
  const client = new TestClient();
  const created = await client.json("/api/v1/customer/register/complete/", {
    json: {
      business_name: "Rival",
      subdomain: "rival-shop",
      business_type: "company",
      siret: "12345678901234",
      contact_email: "rival@example.test",
      contact_phone: "0600000000",
      email: "rival@example.test",
      first_name: "Riv",
      last_name: "Al",
      password: "Rival1234!",
      password_confirm: "Rival1234!",
    },
  });
  expect([201, 409]).toContain(created.status);
  return seller("rival@example.test");
}

describe("order handling", () => {
  it("moves an order pending → processing → shipped → delivered, recording who and when, mailing the shopper", async () => {
    const { orderId, shopper } = await paidOrder();
    const demo = await seller();
    for (const status of ["processing", "shipped", "delivered"]) {
      const moved = await demo.json<{ status: string; history: { kind: string; to: string; by: string | null }[] }>(
        `/api/v1/shop/orders/${orderId}/`,
        { method: "PATCH", json: { status } },
      );
      expect(moved.status).toBe(200);
      expect(moved.body.status).toBe(status);
      expect(moved.body.history.at(-1)).toMatchObject({ kind: "status", to: status, by: "Dana Demo" });
    }
    const mails = await sql<{ subject: string }[]>(
      "select subject from mail_outbox where dedupe_key like ? order by id",
      `order-status:${orderId}:%`,
    );
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining("is Processing"),
      expect.stringContaining("is Shipped"),
      expect.stringContaining("is Delivered"),
    ]);
    // The shopper sees the new status but cannot change it.
    expect((await shopper.json<{ status: string }>(`/api/v1/shop/orders/${orderId}/`)).body.status).toBe("delivered");
    // Changing an order needs a signed-in seller: 401 for visitors, whether or not they can see it.
    const refused = await shopper.json<{ message: string }>(`/api/v1/shop/orders/${orderId}/`, {
      method: "PATCH",
      json: { status: "cancelled" },
    });
    expect(refused.status).toBe(401);
    expect(
      (await new TestClient().json(`/api/v1/shop/orders/${orderId}/`, { method: "PATCH", json: { status: "cancelled" } })).status,
    ).toBe(401);
    // Neither refused call changed the order.
    expect((await shopper.json<{ status: string }>(`/api/v1/shop/orders/${orderId}/`)).body.status).toBe("delivered");
  });

  it("answers 409 with a clear message for an invalid transition, 400 for an unknown status", async () => {
    const { orderId } = await paidOrder();
    const demo = await seller();
    const skip = await demo.json<{ message: string }>(`/api/v1/shop/orders/${orderId}/`, {
      method: "PATCH",
      json: { status: "delivered" },
    });
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('An order cannot go from "Pending" to "Delivered".');
    const inFrench = await demo.json<{ message: string }>(`/api/v1/shop/orders/${orderId}/`, {
      method: "PATCH",
      json: { status: "delivered" },
      headers: { "Accept-Language": "fr" },
    });
    expect(inFrench.body.message).toBe("Une commande ne peut pas passer de « En attente » à « Livrée ».");
    await demo.json(`/api/v1/shop/orders/${orderId}/`, { method: "PATCH", json: { status: "processing" } });
    await demo.json(`/api/v1/shop/orders/${orderId}/`, { method: "PATCH", json: { status: "shipped" } });
    const late = await demo.json(`/api/v1/shop/orders/${orderId}/`, { method: "PATCH", json: { status: "cancelled" } });
    expect(late.status).toBe(409);
    expect((await demo.json(`/api/v1/shop/orders/${orderId}/`, { method: "PATCH", json: { status: "lost" } })).status).toBe(400);
  });

  it("cancelling a paid order refunds it through the provider", async () => {
    const { orderId } = await paidOrder("42.00");
    const demo = await seller();
    const cancelled = await demo.json<{ status: string; payment_status: string }>(`/api/v1/shop/orders/${orderId}/`, {
      method: "PATCH",
      json: { status: "cancelled" },
    });
    expect(cancelled.body).toMatchObject({ status: "cancelled", payment_status: "refunded" });
    const [intent] = await sql<{ amount_refunded_cents: number }[]>(
      "select i.amount_refunded_cents from simulated_payment_intents i join payment_transactions t on t.provider_payment_id = i.id where t.order_id = ?",
      orderId,
    );
    expect(intent!.amount_refunded_cents).toBe(4200);
    const mail = (
      await sql<{ text: string }[]>("select text from mail_outbox where dedupe_key = ?", `order-status:${orderId}:cancelled`)
    )[0]!;
    expect(mail.text).toContain("refunded in full");
  });

  it("cancelling an unpaid order cancels its payment so it can no longer be paid", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", { json: fields });
    const pay = await shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
      json: { order_id: order.body.id, provider_slug: "simulated" },
    });
    const demo = await seller();
    const cancelled = await demo.json<{ payment_status: string }>(`/api/v1/shop/orders/${order.body.id}/`, {
      method: "PATCH",
      json: { status: "cancelled" },
    });
    expect(cancelled.body.payment_status).toBe("canceled");
    const late = await shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret: pay.body.client_secret, ...card },
    });
    expect(late.body.status).toBe("canceled");
    expect((await shopper.json("/api/v1/payment/pay/", { json: { order_id: order.body.id, provider_slug: "simulated" } })).status).toBe(
      409,
    );
  });

  it("changes orders from the screens too (no JavaScript), back to the list with a toast", async () => {
    const { orderId } = await paidOrder();
    const demo = new TestClient();
    await demo.signInAs("demo@example.com");
    const moved = await demo.request(`/orders/${orderId}`, {
      form: { intent: "change-status", orderId: String(orderId), status: "processing", returnTo: "/orders?status=processing" },
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/orders?status=processing");
    const list = await demo.html("/orders?status=processing");
    expect(list.html).toMatch(/is now Processing/);
    const detail = await demo.html(`/orders/${orderId}?confirm=cancel`);
    expect(detail.html).toContain("Cancel this order and refund");
  });

  it("keeps the order screens' returnTo on this site", async () => {
    const { orderId } = await paidOrder();
    const demo = await seller();
    for (const returnTo of ["/.//evil.example/phish", "/%2e//evil.example", "//evil.example"]) {
      const moved = await demo.request(`/orders/${orderId}`, {
        form: { intent: "change-status", orderId: String(orderId), status: "processing", returnTo },
      });
      expect(moved.status, returnTo).toBe(302);
      expect(moved.headers.get("Location"), returnTo).toBe(`/orders/${orderId}`);
    }
  });

  it("another seller can neither read nor change the orders (404)", async () => {
    const { orderId } = await paidOrder();
    const rival = await otherSeller();
    expect((await rival.json(`/api/v1/shop/orders/${orderId}/`)).status).toBe(404);
    expect((await rival.json(`/api/v1/shop/orders/${orderId}/`, { method: "PATCH", json: { status: "processing" } })).status).toBe(404);
    expect((await rival.request(`/orders/${orderId}`)).status).toBe(404);
  });
});

describe("CSV export", () => {
  it("exports the filtered orders with a header, decimals and formulas neutralised", async () => {
    await paidOrder("12.5", {
      full_name: '=HYPERLINK("http://evil","x")',
      reference: "+SUM(A1)",
      content: '@cmd "quoted"',
      phone: "+33 6 12 34 56 78",
    });
    const demo = await seller();
    const response = await demo.request("/api/v1/shop/orders/export/?payment_status=succeeded&search=Tina");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM, for spreadsheets
    const [header, ...rows] = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(header).toBe(
      '"order_number","created_at","status","payment_status","total_amount","currency","full_name","company_name","email","phone","address","city","state","zip_code","country","social_network_handle","reference","live_reference","content","items","subtotal_amount","shipping_amount","shipping_method","parcel_id","carrier","tracking_number"',
    );
    const evil = rows.find((r) => r.includes("HYPERLINK"))!;
    expect(evil).toContain('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(evil).toContain('"\'+SUM(A1)"');
    expect(evil).toContain('"\'@cmd ""quoted"""');
    expect(evil).toContain('"12.50","EUR"');
    // A phone number is data, not a formula: no apostrophe in front of it.
    expect(evil).toContain('"tina@example.test","+33 6 12 34 56 78"');
    expect(rows.every((r) => r.includes('"succeeded"'))).toBe(true);
    expect((await new TestClient().request("/api/v1/shop/orders/export/")).status).toBe(401);
    const client = await seller("admin@example.com");
    expect((await client.request("/api/v1/shop/orders/export/")).status).toBe(403);
  });
});

describe("catalogue management API", () => {
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

  it("creates, edits, archives or deletes products and categories; they appear in the shop", async () => {
    const demo = await seller();
    const category = await demo.json<{ slug: string }>("/api/v1/shop/categories/", { json: { name: "Bijoux & Montres" } });
    expect(category.status).toBe(201);
    expect(category.body.slug).toBe("bijoux-montres");
    const again = await demo.json<{ slug: string }>("/api/v1/shop/categories/", { json: { name: "Bijoux & Montres" } });
    expect(again.body.slug).toBe("bijoux-montres-2");
    const clash = await demo.json<{ errors: Record<string, string[]> }>("/api/v1/shop/categories/", {
      json: { name: "X", slug: "fashion" },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors.slug).toEqual(["This slug is already used by another category"]);

    const form = new FormData();
    form.set("name", "Gold Ring");
    form.set("price", "129.90");
    form.set("category", "bijoux-montres");
    form.set("description", "A ring.");
    form.set("image", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "ring.png");
    const created = await demo.json<Record<string, unknown>>("/api/v1/shop/products/", { method: "POST", body: form });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Gold Ring",
      price: "129.90",
      category: "bijoux-montres",
      is_in_stock: true,
      archived: false,
    });
    expect(String(created.body.featured_image)).toMatch(/\/uploads\/[a-f0-9]{32}\.png$/);
    const id = created.body.id as number;

    const shopList = await new TestClient("demo.localhost:3000").json<{ results: { name: string }[] }>(
      "/api/v1/shop/products/?categories__slug=bijoux-montres",
    );
    expect(shopList.body.results.map((p) => p.name)).toEqual(["Gold Ring"]);

    const patched = await demo.json<Record<string, unknown>>(`/api/v1/shop/products/${id}/`, {
      method: "PATCH",
      json: { price: 99, is_in_stock: false, category: null },
    });
    expect(patched.body).toMatchObject({ price: "99.00", is_in_stock: false, category: null });
    const bad = await demo.json<{ errors: Record<string, string[]> }>(`/api/v1/shop/products/${id}/`, {
      method: "PATCH",
      json: { price: "-1", name: "" },
    });
    expect(bad.body.errors).toEqual({ price: ["Enter a price above 0, e.g. 19.90"], name: ["The product name is required"] });

    const svg = new FormData();
    svg.set("image", new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/png" }), "ring.png");
    const refusedImage = await demo.json<{ errors: Record<string, string[]> }>(`/api/v1/shop/products/${id}/`, {
      method: "PATCH",
      body: svg,
    });
    expect(refusedImage.body.errors.image).toEqual(["SVG images are not accepted: use PNG, JPEG, GIF or WebP."]);

    expect((await demo.request(`/api/v1/shop/products/${id}/`, { method: "DELETE" })).status).toBe(204);
    expect((await demo.json(`/api/v1/shop/products/${id}/`)).status).toBe(404);
    // A product that was ordered is archived instead.
    const archived = await demo.json<{ archived: boolean }>("/api/v1/shop/products/1/", { method: "DELETE" });
    expect(archived.body).toEqual({ archived: true });
    expect(
      (await new TestClient("demo.localhost:3000").json<{ count: number }>("/api/v1/shop/products/?search=Silk Scarf")).body.count,
    ).toBe(0);

    expect((await demo.request("/api/v1/shop/categories/bijoux-montres-2/", { method: "DELETE" })).status).toBe(204);
    const renamed = await demo.json<{ name: string }>("/api/v1/shop/categories/bijoux-montres/", {
      method: "PATCH",
      json: { name: "Jewellery" },
    });
    expect(renamed.body.name).toBe("Jewellery");
    // Nothing to change: the category as it is, not a crash.
    const unchanged = await demo.json<{ name: string; slug: string }>("/api/v1/shop/categories/bijoux-montres/", {
      method: "PATCH",
      json: {},
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ name: "Jewellery", slug: "bijoux-montres" });
  });

  it("another seller cannot see or change the shop's products (404); shoppers cannot create any", async () => {
    const rival = await otherSeller();
    expect((await rival.json("/api/v1/shop/products/2/")).status).toBe(404);
    expect((await rival.json("/api/v1/shop/products/2/", { method: "PATCH", json: { price: 1 } })).status).toBe(404);
    expect((await rival.json("/api/v1/shop/products/2/", { method: "DELETE" })).status).toBe(404);
    expect((await rival.json("/api/v1/shop/categories/fashion/", { method: "DELETE" })).status).toBe(404);
    const onDemoHost = new TestClient("demo.localhost:3000");
    await onDemoHost.signInAs("rival@example.test");
    expect((await onDemoHost.json("/api/v1/shop/products/", { json: { name: "Spam", price: 1 } })).status).toBe(404);
    expect((await new TestClient("demo.localhost:3000").json("/api/v1/shop/products/", { json: { name: "Spam", price: 1 } })).status).toBe(
      401,
    );
  });
});

describe("API keys", () => {
  it("authenticate /api/v1 calls without cookies or CSRF until revoked", async () => {
    const demo = new TestClient();
    await demo.signInAs("demo@example.com");
    const created = await demo.html("/account?section=seller", { form: { intent: "create-api-key", name: "Inventory sync" } });
    const key = /data-testid="new-api-key">(lck_[\w-]+)</.exec(created.html)![1]!;
    expect((await demo.html("/account?section=seller")).html).not.toContain(key); // shown once

    const api = (path: string, init: { method?: string; json?: unknown; key?: string } = {}) =>
      new TestClient().json<Record<string, unknown>>(path, {
        method: init.method,
        json: init.json,
        csrf: false,
        headers: { Authorization: `Bearer ${init.key ?? key}`, Origin: "https://integrator.example" },
      });
    const profile = await api("/api/v1/account/seller-profile/");
    expect(profile.status).toBe(200);
    expect(profile.body.business_name).toBe("Demo Live Shop");
    const category = await api("/api/v1/shop/categories/", { json: { name: "From the API" } });
    expect(category.status).toBe(201);
    // The scheme is case-insensitive.
    const lowerCase = await new TestClient().json("/api/v1/account/profile/", { csrf: false, headers: { Authorization: `bearer ${key}` } });
    expect(lowerCase.status).toBe(200);
    // A key never takes over the account: no password change, no logout.
    const takeover = await api("/api/v1/account/auth/change-password/", { method: "PATCH", json: { new_password: "Takeover1!x" } });
    expect(takeover.status).toBe(403);
    expect(takeover.body.message).toBe("API keys cannot do this: sign in to change the password or log out.");
    expect((await api("/api/v1/account/auth/logout/", { json: {} })).status).toBe(403);
    const stillDemo = await new TestClient().json("/api/v1/account/auth/login/", {
      json: { email: "demo@example.com", password: "Demo1234!" },
    });
    expect(stillDemo.status).toBe(200);
    expect((await api("/api/v1/account/profile/", { key: "lck_not-a-real-key" })).status).toBe(401);

    const keyId = (await sql<{ id: number }[]>("select id from api_keys where name = 'Inventory sync'"))[0]!.id;
    const revoked = await demo.request("/account?section=seller", { form: { intent: "revoke-api-key", keyId: String(keyId) } });
    expect(revoked.status).toBe(302);
    const after = await api("/api/v1/account/seller-profile/");
    expect(after.status).toBe(401);
    expect(after.body.message).toBe("Invalid or revoked API key.");
  });
});

describe("the product form without JavaScript", () => {
  it("keeps an unticked In stock box after a refused save", async () => {
    const demo = await seller();
    const refused = await demo.html("/dashboard/products/new", { form: { name: "Out of stock lamp", price: "0" } });
    expect(refused.status).toBe(400);
    const box = /<input[^>]*name="is_in_stock"[^>]*>/.exec(refused.html)![0];
    expect(box).not.toContain("checked");
  });
});

describe("seller forms posted by someone who is not a seller", () => {
  it("answer 403 with a clear message, not a server error", async () => {
    const admin = new TestClient();
    await admin.signInAs("admin@example.com");
    const forms: Record<string, string>[] = [
      { intent: "create-api-key", name: "k1" },
      { intent: "update-seller-profile", business_name: "X" },
    ];
    for (const form of forms) {
      const answer = await admin.html("/account?section=seller", { form });
      expect(answer.status).toBe(403);
      expect(answer.html).toContain("Only sellers can do this.");
    }
    // Nothing was created for the admin.
    const adminId = (await sql<{ id: number }[]>("select id from users where email = 'admin@example.com'"))[0]!.id;
    expect(await sql<unknown[]>("select id from api_keys where user_id = ? or name = 'k1'", adminId)).toHaveLength(0);
    expect(await sql<unknown[]>("select user_id from seller_profiles where user_id = ? or business_name = 'X'", adminId)).toHaveLength(0);
  });
});

describe("OpenAPI document", () => {
  it("validates as OpenAPI 3.1 and lists every /api/v1 endpoint of the route table", async () => {
    const { status, body } = await new TestClient().json<{ paths: Record<string, object> }>("/api/v1/openapi.json");
    expect(status).toBe(200);
    await expect(SwaggerParser.validate(structuredClone(body) as never)).resolves.toBeTruthy();

    type RouteEntry = { path?: string; children?: RouteEntry[] };
    const apiPaths: string[] = [];
    const walk = (entries: RouteEntry[], base = "") => {
      for (const entry of entries) {
        const path = entry.path ? `${base}/${entry.path}` : base;
        if (entry.children) walk(entry.children, path);
        else if (path.startsWith("/api/v1/") && !path.endsWith("*")) apiPaths.push(path.slice("/api/v1".length));
      }
    };
    walk(routes as unknown as RouteEntry[]);
    const documented = Object.keys(body.paths).map((p) => p.replace(/\/$/, ""));
    // A route with parameters stands for every concrete path it serves.
    const expand = (path: string) =>
      path === "/customer/register/:stage"
        ? [
            "/customer/register/status",
            "/customer/register/step1",
            "/customer/register/step2",
            "/customer/register/step3",
            "/customer/register/complete",
          ]
        : path === "/payment/:operation"
          ? ["/payment/pay", "/payment/confirm", "/payment/webhook"]
          : path === "/customer/shop/customization/:part?"
            ? ["/customer/shop/customization", "/customer/shop/customization/update", "/customer/shop/customization/public"]
            : path === "/customer/stripe/connect/:operation?"
              ? ["/customer/stripe/connect", "/customer/stripe/connect/update_status"]
              : path === "/shop/orders/:id?"
                ? ["/shop/orders", "/shop/orders/{id}"]
                : [path.replace(/:(\w+)/g, "{$1}")];
    const expected = apiPaths.flatMap(expand);
    expect(expected.filter((p) => !documented.includes(p))).toEqual([]);
    expect(documented.filter((p) => !expected.includes(p))).toEqual([]);

    // The answers integrators have to handle are listed where they happen.
    const responses = (path: string, method: string) =>
      Object.keys((body.paths[path] as Record<string, { responses: object }>)[method]!.responses);
    expect(responses("/shop/orders/{id}/", "patch")).toEqual(expect.arrayContaining(["200", "401", "409"]));
    expect(responses("/shop/categories/", "post")).toContain("409");
    expect(responses("/shop/products/{id}/", "delete")).toEqual(expect.arrayContaining(["204", "200"]));
    expect(responses("/account/auth/change-password/", "patch")).toContain("403");
  });
});

describe("amounts on the seller screens", () => {
  const plain = (html: string) => html.replace(/\u202f|\u00a0|&nbsp;/g, " ");

  it("follow the reader's language, like the shop: €39.00 in English, 39,00 € in French", async () => {
    await paidOrder("18.50");
    const demo = await seller();
    for (const path of ["/dashboard", "/orders", "/dashboard/products"]) {
      const en = plain((await demo.html(path, { headers: { "Accept-Language": "en" } })).html);
      expect(en, path).toMatch(/€\d[\d,]*\.\d\d/);
      expect(en, path).not.toMatch(/\d,\d\d €/);
      const fr = plain(
        (
          await demo.html(path, {
            headers: {
              "Accept-Language": "fr",
              Cookie: [...demo.cookies]
                .map(([k, v]) => `${k}=${v}`)
                .concat("i18nextLng=fr")
                .join("; "),
            },
          })
        ).html,
      );
      expect(fr, path).toMatch(/\d,\d\d €/);
      expect(fr, path).not.toMatch(/€\d/);
    }
    expect(plain((await demo.html("/orders", { headers: { "Accept-Language": "en" } })).html)).toContain("€18.50");
    expect(plain((await demo.html("/dashboard/products", { headers: { "Accept-Language": "en" } })).html)).toContain("€39.00");
  });

  it("the sales chart has an amount axis, dates and the figures as a table", async () => {
    const demo = await seller();
    const { html } = await demo.html("/dashboard", { headers: { "Accept-Language": "en" } });
    // Round amounts up the side, from €0, in the reader's format.
    const amounts = [...html.matchAll(/<text[^>]*>(€[\d,]+)<\/text>/g)].map((m) => m[1]);
    expect(amounts[0]).toBe("€0");
    expect(amounts.length).toBeGreaterThanOrEqual(2);
    expect((html.match(/data-testid="chart-date-label"/g) ?? []).length).toBe(5);
    expect(html).toContain("Show the figures by day");
    expect((html.match(/<tr class="border-t border-border">/g) ?? []).length).toBe(30);
  });
});
