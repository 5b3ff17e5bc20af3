import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startDnsServer } from "../support/dns-server";
import { sql, sqlNow, TestClient } from "./app";

/**
 * Issue 30, items 1, 4, 5 and 6: a seller connects their own domain (API and the account's
 * Domain tab, plain forms), checked against a DNS server this file starts (no network).
 * The app reads its configuration on the first request: the environment is set before.
 */
const dns = await startDnsServer();
process.env.DNS_SERVERS = dns.address;
afterAll(() => dns.close());

const TARGET = "shops.localhost";
const text = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

type DomainBody = {
  id: number;
  domain: string;
  status: string;
  primary: boolean;
  problem: string | null;
  verification: { type: string; name: string; value: string };
  pointing: { type: string; name: string; value: string };
};
type ErrorBody = { message: string; code?: string; errors?: Record<string, string[]> };

const seller = () => new TestClient().signInAs("demo@example.com");
const domainsOf = (shop: string) =>
  sql<{ domain: string; status: string; is_primary: boolean | number }[]>(
    "SELECT domain, status, is_primary FROM shop_domains WHERE shop_id = (SELECT id FROM shops WHERE subdomain = ?) ORDER BY id",
    shop,
  );

function publish(domain: DomainBody) {
  dns.records.push(
    { type: "TXT", name: domain.verification.name, data: domain.verification.value },
    { type: "CNAME", name: domain.domain, data: TARGET },
  );
}

beforeEach(async () => {
  dns.records = [];
  await sql("DELETE FROM shop_domains");
});

describe("the domains API", () => {
  it("adds a domain (201, pending) with the two records to create, punycode for an IDN", async () => {
    const client = await seller();
    const added = await client.json<DomainBody>("/api/v1/customer/shop/domains/", { json: { domain: "Boutique-Léa.fr" } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      domain: "xn--boutique-la-kbb.fr",
      status: "pending",
      primary: false,
      problem: null,
      verification: { type: "TXT", name: "_livecart-verify.xn--boutique-la-kbb.fr", value: expect.stringMatching(/^[\w-]{32}$/) },
      pointing: { type: "CNAME", name: "xn--boutique-la-kbb.fr", value: TARGET },
    });
    const list = await client.json<{ count: number; results: DomainBody[] }>("/api/v1/customer/shop/domains/");
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toEqual(added.body);
  });

  it("refuses every malformed name with a clear 400 in the reader's language, storing nothing", async () => {
    const client = await seller();
    const cases: [unknown, string, string][] = [
      [
        "https://boutique-lea.fr",
        "Enter the domain only, without http:// or https://.",
        "Saisissez le domaine seul, sans http:// ni https://.",
      ],
      [
        "boutique-lea.fr/shop",
        "Enter the domain only, without a path (/...), ? or #.",
        "Saisissez le domaine seul, sans chemin (/...), ? ni #.",
      ],
      ["boutique-lea.fr:8443", "Enter the domain without a port (such as :443).", "Saisissez le domaine sans port (comme :443)."],
      [
        "boutique lea.fr",
        "Enter a domain name such as boutique-lea.fr, without spaces.",
        "Saisissez un nom de domaine comme boutique-lea.fr, sans espaces.",
      ],
      ["boutique-lea.fr.", "Remove the dot at the end of the name.", "Retirez le point à la fin du nom."],
      [
        `${"a".repeat(64)}.fr`,
        "This name is too long: 63 characters at most between dots, 253 in all.",
        "Ce nom est trop long : 63 caractères au plus entre deux points, 253 en tout.",
      ],
      ["192.0.2.1", "Enter a domain name, not an IP address.", "Saisissez un nom de domaine, pas une adresse IP."],
      [
        "localhost",
        "localhost cannot be connected: enter your own domain.",
        "localhost ne peut pas être connecté : saisissez votre propre domaine.",
      ],
      [
        "demo.localhost",
        "localhost cannot be connected: enter your own domain.",
        "localhost ne peut pas être connecté : saisissez votre propre domaine.",
      ],
      [
        "",
        "Enter a domain name such as boutique-lea.fr, without spaces.",
        "Saisissez un nom de domaine comme boutique-lea.fr, sans espaces.",
      ],
    ];
    for (const [domain, en, fr] of cases) {
      const english = await client.json<ErrorBody>("/api/v1/customer/shop/domains/", { json: { domain } });
      expect({ domain, status: english.status, errors: english.body.errors }).toEqual({ domain, status: 400, errors: { domain: [en] } });
      const french = await client.json<ErrorBody>("/api/v1/customer/shop/domains/", {
        json: { domain },
        headers: { "Accept-Language": "fr" },
      });
      expect({ domain, errors: french.body.errors }).toEqual({ domain, errors: { domain: [fr] } });
    }
    const notText = await client.json<ErrorBody>("/api/v1/customer/shop/domains/", { json: { domain: 42 } });
    expect(notText.status).toBe(400);
    expect(await domainsOf("demo")).toEqual([]);
  });

  it("refuses another shop's domain (409) and a sixth domain (409)", async () => {
    await sql(
      `INSERT INTO shop_domains (shop_id, domain, status, verification_token, is_primary, check_until, created_at, updated_at)
       VALUES ((SELECT id FROM shops WHERE subdomain = 'pending-crafts'), 'taken-lea.fr', 'verified', 't', false, ${sqlNow()}, ${sqlNow()}, ${sqlNow()})`,
    );
    const client = await seller();
    const taken = await client.json<ErrorBody>("/api/v1/customer/shop/domains/", { json: { domain: "TAKEN-lea.fr" } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: "domain_taken", message: "This domain is connected to another shop." });
    for (const n of [1, 2, 3, 4, 5]) {
      expect((await client.json("/api/v1/customer/shop/domains/", { json: { domain: `flood-${n}.fr` } })).status).toBe(201);
    }
    const sixth = await client.json<ErrorBody>("/api/v1/customer/shop/domains/", {
      json: { domain: "flood-6.fr" },
      headers: { "Accept-Language": "fr" },
    });
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({
      code: "domain_limit",
      message: "Une boutique peut connecter 5 domaines au plus : retirez-en un d'abord.",
    });
    expect((await domainsOf("demo")).map((d) => d.domain)).toEqual(["flood-1.fr", "flood-2.fr", "flood-3.fr", "flood-4.fr", "flood-5.fr"]);
  });

  it("refuses a seller whose shop is not live yet, and visitors", async () => {
    const pending = await new TestClient().signInAs("pending@example.com");
    const refused = await pending.json<ErrorBody>("/api/v1/customer/shop/domains/", { json: { domain: "pending-lea.fr" } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("onboarding_incomplete");
    expect((await new TestClient().json("/api/v1/customer/shop/domains/", { json: { domain: "visitor-lea.fr" } })).status).toBe(401);
    expect(await sql<unknown[]>("SELECT id FROM shop_domains")).toEqual([]);
  });

  it("verifies through DNS (409 dns_not_ready saying what is missing, then 200), makes it primary, removes it", async () => {
    const client = await seller();
    const { body: domain } = await client.json<DomainBody>("/api/v1/customer/shop/domains/", { json: { domain: "shop.lea-api.fr" } });
    const base = `/api/v1/customer/shop/domains/${domain.id}/`;

    const early = await client.json<ErrorBody>(`${base}verify/`, { method: "POST" });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: "dns_not_ready", message: expect.stringContaining("TXT record not found") });
    expect((await client.json<ErrorBody>(base, { method: "PATCH", json: { primary: true } })).body.code).toBe("domain_not_verified");

    dns.records.push({ type: "TXT", name: domain.verification.name, data: domain.verification.value });
    const half = await client.json<ErrorBody>(`${base}verify/`, { method: "POST", headers: { "Accept-Language": "fr" } });
    expect(half.body.message).toContain("Le domaine ne pointe pas encore vers nous");

    publish(domain);
    const verified = await client.json<DomainBody>(`${base}verify/`, { method: "POST" });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: "verified", problem: null, primary: false });

    expect((await client.json<ErrorBody>(base, { method: "PATCH", json: { primary: "yes" } })).status).toBe(400);
    const primary = await client.json<DomainBody>(base, { method: "PATCH", json: { primary: true } });
    expect(primary.body).toMatchObject({ status: "verified", primary: true });
    expect(await domainsOf("demo")).toMatchObject([{ domain: "shop.lea-api.fr", status: "verified" }]);
    expect(Boolean((await domainsOf("demo"))[0]!.is_primary)).toBe(true);

    expect((await client.request(base, { method: "DELETE" })).status).toBe(204);
    expect((await client.json(base, { method: "DELETE" })).status).toBe(404);
    expect(await domainsOf("demo")).toEqual([]);
  });

  it("says the DNS could not be checked when no server answers, never an error page", async () => {
    const client = await seller();
    const { body: domain } = await client.json<DomainBody>("/api/v1/customer/shop/domains/", { json: { domain: "down-lea.fr" } });
    dns.failing = true;
    try {
      const down = await client.json<ErrorBody>(`/api/v1/customer/shop/domains/${domain.id}/verify/`, { method: "POST" });
      expect(down.status).toBe(409);
      expect(down.body).toMatchObject({ code: "dns_not_ready", message: expect.stringContaining("could not check the DNS") });
    } finally {
      dns.failing = false;
    }
  });

  it("answers 404 for another shop's domain and for ids that are not ids", async () => {
    await sql(
      `INSERT INTO shop_domains (shop_id, domain, status, verification_token, is_primary, check_until, created_at, updated_at)
       VALUES ((SELECT id FROM shops WHERE subdomain = 'pending-crafts'), 'theirs-lea.fr', 'verified', 't', false, ${sqlNow()}, ${sqlNow()}, ${sqlNow()})`,
    );
    const [theirs] = await sql<{ id: number }[]>("SELECT id FROM shop_domains WHERE domain = 'theirs-lea.fr'");
    const client = await seller();
    for (const id of [String(theirs!.id), "abc", "0", "99999999999999999999"]) {
      const base = `/api/v1/customer/shop/domains/${id}/`;
      expect((await client.json(`${base}verify/`, { method: "POST" })).status, id).toBe(404);
      expect((await client.json(base, { method: "PATCH", json: { primary: true } })).status, id).toBe(404);
      expect((await client.json(base, { method: "DELETE" })).status, id).toBe(404);
    }
    expect(await sql<{ is_primary: boolean | number }[]>("SELECT is_primary FROM shop_domains")).toHaveLength(1);
  });
});

describe("the Domain tab (plain forms)", () => {
  it("adds a domain, shows its records and what is missing, verifies it, makes it primary and removes it", async () => {
    const client = await seller();
    const empty = text((await client.html("/account?section=domain")).html);
    expect(empty).toContain("No domain connected: your shop answers on http://demo.localhost:3000.");

    const refused = await client.html("/account?section=domain", {
      form: { intent: "add-domain", domain: "https://lea-tab.fr" },
      headers: { "Accept-Language": "fr" },
    });
    expect(refused.status).toBe(400);
    expect(text(refused.html)).toContain("Saisissez le domaine seul, sans http:// ni https://.");
    expect(await domainsOf("demo")).toEqual([]);

    const added = await client.request("/account?section=domain", { form: { intent: "add-domain", domain: "Lea-Tab.fr" } });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/account?section=domain");
    const [row] = await sql<{ id: number; verification_token: string }[]>("SELECT id, verification_token FROM shop_domains");
    const pending = text((await client.html("/account?section=domain")).html);
    for (const expected of [
      "lea-tab.fr",
      "Waiting for the DNS records.",
      "_livecart-verify.lea-tab.fr",
      row!.verification_token,
      TARGET,
      "Check now",
    ]) {
      expect(pending).toContain(expected);
    }

    const check = await client.request("/account?section=domain", { form: { intent: "check-domain", domain_id: String(row!.id) } });
    expect(check.status).toBe(302);
    const missing = text((await client.html("/account?section=domain")).html);
    expect(missing).toContain("TXT record not found");

    dns.records.push(
      { type: "TXT", name: "_livecart-verify.lea-tab.fr", data: row!.verification_token },
      { type: "CNAME", name: "lea-tab.fr", data: TARGET },
    );
    await client.request("/account?section=domain", { form: { intent: "check-domain", domain_id: String(row!.id) } });
    const verified = text((await client.html("/account?section=domain")).html);
    expect(verified).toContain("Verified: your shop answers on this domain.");
    expect(verified).not.toContain('data-testid="domain-record"');

    await client.request("/account?section=domain", { form: { intent: "primary-domain", domain_id: String(row!.id) } });
    const primary = text((await client.html("/account?section=domain", { headers: { "Accept-Language": "fr" } })).html);
    expect(primary).toContain("Adresse principale");
    expect(primary).toContain("Revenir au sous-domaine de la boutique");

    const removed = await client.request("/account?section=domain", { form: { intent: "remove-domain", domain_id: String(row!.id) } });
    expect(removed.status).toBe(302);
    expect(await domainsOf("demo")).toEqual([]);
  });

  it("tells a seller whose shop is not live yet that a domain comes later, with no form", async () => {
    const pending = await new TestClient().signInAs("pending@example.com");
    const page = text((await pending.html("/account?section=domain")).html);
    expect(page).toContain("Connecting your own domain is possible once your shop is set up and online.");
    expect(page).not.toContain('name="domain"');
  });
});
