import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { checkDomainDns } from "~/domain/domains/dns-check.server";
import {
  addShopDomain,
  CHECK_WINDOW_MS,
  checkPendingDomains,
  DnsNotReadyError,
  domainRecords,
  domainResource,
  listShopDomains,
  removeShopDomain,
  setPrimaryDomain,
  verifyShopDomain,
} from "~/domain/domains/domains.server";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { getDatabase } from "~db/client";
import { shopDomains, shops, type Shop, type ShopDomain } from "~db/schema";
import { startDnsServer, type TestRecord } from "../support/dns-server";
import { createShop } from "./factories";

// Custom domains (issue 30) against a DNS server of the test's own (no network). The
// configuration is read once, on first use: the environment is set before it.
const dns = await startDnsServer();
process.env.DNS_SERVERS = dns.address;
process.env.CUSTOM_DOMAIN_IPS = "203.0.113.7,2001:db8::7";
process.env.ROOT_DOMAIN = "livecart.test:3000";
afterAll(() => dns.close());

const TARGET = "shops.livecart.test";

beforeEach(() => {
  dns.records = [];
  dns.failing = false;
  dns.queries = [];
});

/** The records the screen asks the seller to create, as a DNS host would publish them. */
function publish(row: ShopDomain, pointing: TestRecord[] = [{ type: "CNAME", name: row.domain, data: TARGET }]) {
  dns.records.push({ type: "TXT", name: `_livecart-verify.${row.domain}`, data: row.verificationToken }, ...pointing);
}

async function rowsOf(shopId: number) {
  return getDatabase().select().from(shopDomains).where(eq(shopDomains.shopId, shopId));
}

async function contentVersion(shopId: number) {
  const [row] = await getDatabase().select({ v: shops.contentVersion }).from(shops).where(eq(shops.id, shopId));
  return row?.v;
}

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error,
  );
}

describe("adding a domain", () => {
  it("stores the name as punycode, pending, with a token and 72 hours of background checks", async () => {
    const shop = await createShop();
    const now = new Date("2026-11-27T10:00:00Z");
    const row = await addShopDomain(shop, "  Boutique-Léa.FR ", now);
    expect(row).toMatchObject({ domain: "xn--boutique-la-kbb.fr", status: "pending", isPrimary: false, problem: null });
    expect(row.verificationToken).toMatch(/^[\w-]{32}$/);
    expect(row.checkUntil.getTime()).toBe(now.getTime() + CHECK_WINDOW_MS);
    const other = await addShopDomain(shop, "shop.lea.fr", now);
    expect(other.verificationToken).not.toBe(row.verificationToken);
    expect((await listShopDomains(shop.id)).map((d) => d.domain)).toEqual(["xn--boutique-la-kbb.fr", "shop.lea.fr"]);
  });

  it("shows the TXT record, and a CNAME for a subdomain or our addresses for an apex", async () => {
    const shop = await createShop();
    const apex = await addShopDomain(shop, "lea-apex.fr");
    const sub = await addShopDomain(shop, "shop.lea-apex.fr");
    expect(domainRecords(apex)).toEqual({
      verification: { type: "TXT", name: "_livecart-verify.lea-apex.fr", value: apex.verificationToken },
      pointing: { type: "A/AAAA", name: "lea-apex.fr", value: "203.0.113.7, 2001:db8::7" },
    });
    expect(domainRecords(sub).pointing).toEqual({ type: "CNAME", name: "shop.lea-apex.fr", value: TARGET });
    const settings = { DNS_SERVERS: [], CUSTOM_DOMAIN_IPS: [], customDomainTarget: "edge.example.net" };
    expect(domainRecords(apex, settings).pointing).toEqual({ type: "CNAME", name: "lea-apex.fr", value: "edge.example.net" });
    expect(domainResource(sub)).toMatchObject({ id: sub.id, domain: "shop.lea-apex.fr", status: "pending", primary: false });
  });

  it.each([
    ["https://lea.fr", "domains.errors.scheme"],
    ["lea.fr/shop", "domains.errors.path"],
    ["lea.fr:443", "domains.errors.port"],
    ["lea shop.fr", "domains.errors.invalid"],
    ["lea.fr.", "domains.errors.trailing_dot"],
    [`${"a".repeat(64)}.fr`, "domains.errors.too_long"],
    ["10.0.0.1", "domains.errors.ip"],
    ["localhost", "domains.errors.localhost"],
    ["livecart.test", "domains.errors.own_domain"],
    ["demo.livecart.test", "domains.errors.own_domain"],
  ])("refuses %j (%s), storing nothing", async (input, key) => {
    const shop = await createShop();
    const error = await refusal(addShopDomain(shop, input));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({ domain: [key] });
    expect(await rowsOf(shop.id)).toEqual([]);
  });

  it("refuses a shop whose onboarding is not complete", async () => {
    const shop = await createShop({ isLive: false });
    const error = await refusal(addShopDomain(shop, "lea-offline.fr"));
    expect(error).toMatchObject({ status: 409, code: "onboarding_incomplete" });
    expect(await rowsOf(shop.id)).toEqual([]);
  });

  it("allows five domains per shop", async () => {
    const shop = await createShop();
    for (const n of [1, 2, 3, 4, 5]) await addShopDomain(shop, `flood-${n}.fr`);
    const error = await refusal(addShopDomain(shop, "flood-6.fr"));
    expect(error).toMatchObject({ status: 409, code: "domain_limit", messageKey: "domains.errors.limit", values: { maximum: 5 } });
    expect(await rowsOf(shop.id)).toHaveLength(5);
  });

  it("refuses a name already connected, to this shop or another (409)", async () => {
    const [lea, other] = [await createShop(), await createShop()];
    await addShopDomain(lea, "taken-lea.fr");
    expect(await refusal(addShopDomain(lea, "TAKEN-lea.fr"))).toMatchObject({ status: 409, messageKey: "domains.errors.already_added" });
    const error = await refusal(addShopDomain(other, "taken-lea.fr"));
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: "domain_taken", fieldErrors: { domain: ["domains.errors.taken"] } });
    expect(await rowsOf(other.id)).toEqual([]);
    expect(await rowsOf(lea.id)).toHaveLength(1);
  });

  it("frees a name another shop left unverified past its 72 hours", async () => {
    const [squatter, owner] = [await createShop(), await createShop()];
    const added = new Date("2026-11-01T10:00:00Z");
    await addShopDomain(squatter, "brand-lea.fr", added);
    await expect(addShopDomain(owner, "brand-lea.fr", new Date(added.getTime() + CHECK_WINDOW_MS - 1000))).rejects.toThrow(ConflictError);
    const row = await addShopDomain(owner, "brand-lea.fr", new Date(added.getTime() + CHECK_WINDOW_MS + 1000));
    expect(row.shopId).toBe(owner.id);
    expect(await rowsOf(squatter.id)).toEqual([]);
  });
});

describe("checking the records (Check now)", () => {
  let shop: Shop;
  beforeEach(async () => {
    shop = await createShop();
  });

  async function problemOf(row: ShopDomain) {
    const error = await refusal(verifyShopDomain(shop.id, row.id));
    expect(error).toBeInstanceOf(DnsNotReadyError);
    const [stored] = await rowsOf(shop.id);
    expect(stored).toMatchObject({ status: "pending", problem: (error as DnsNotReadyError).problem });
    expect(stored?.lastCheckedAt).toBeInstanceOf(Date);
    return {
      code: (error as DnsNotReadyError).code,
      problem: (error as DnsNotReadyError).problem,
      key: (error as DnsNotReadyError).messageKey,
    };
  }

  it("verifies a subdomain with its TXT record and a CNAME to the target", async () => {
    const row = await addShopDomain(shop, "shop.verified-lea.fr");
    publish(row, [{ type: "CNAME", name: row.domain, data: `${TARGET.toUpperCase()}.` }]);
    const before = await contentVersion(shop.id);
    const verified = await verifyShopDomain(shop.id, row.id, new Date("2026-11-27T12:00:00Z"));
    expect(verified).toMatchObject({ status: "verified", problem: null, verifiedAt: new Date("2026-11-27T12:00:00Z") });
    expect(dns.queries).toContain("TXT _livecart-verify.shop.verified-lea.fr");
    expect(await contentVersion(shop.id)).toBe((before ?? 0) + 1);
    // Verified stays verified: no lookup again.
    dns.queries = [];
    expect((await verifyShopDomain(shop.id, row.id)).status).toBe("verified");
    expect(dns.queries).toEqual([]);
  });

  it("verifies an apex with A and AAAA records equal to CUSTOM_DOMAIN_IPS", async () => {
    const row = await addShopDomain(shop, "apex-lea.fr");
    publish(row, [
      { type: "A", name: row.domain, data: "203.0.113.7" },
      { type: "AAAA", name: row.domain, data: "2001:db8::7" },
    ]);
    expect((await verifyShopDomain(shop.id, row.id)).status).toBe("verified");
  });

  it("says the TXT record is missing, then that it holds another value", async () => {
    const row = await addShopDomain(shop, "txt-lea.fr");
    expect(await problemOf(row)).toEqual({ code: "dns_not_ready", problem: "txt_missing", key: "domains.problems.txt_missing" });
    dns.records.push({ type: "TXT", name: "_livecart-verify.txt-lea.fr", data: "someone-else" });
    expect((await problemOf(row)).problem).toBe("txt_mismatch");
  });

  it("says the domain points nowhere, then elsewhere (CNAME or addresses)", async () => {
    const row = await addShopDomain(shop, "where-lea.fr");
    publish(row, []);
    expect((await problemOf(row)).problem).toBe("pointing_missing");
    dns.records.push({ type: "A", name: row.domain, data: "198.51.100.1" });
    expect((await problemOf(row)).problem).toBe("pointing_elsewhere");
    // One of ours and one not: visitors would land elsewhere half of the time.
    dns.records.push({ type: "A", name: row.domain, data: "203.0.113.7" });
    expect((await problemOf(row)).problem).toBe("pointing_elsewhere");
    dns.records = dns.records.filter((record) => record.type === "TXT");
    dns.records.push({ type: "CNAME", name: row.domain, data: "other-platform.example" });
    expect((await problemOf(row)).problem).toBe("pointing_elsewhere");
  });

  it("says the DNS could not be checked when it does not answer, and keeps the domain pending", async () => {
    const row = await addShopDomain(shop, "down-lea.fr");
    publish(row);
    dns.failing = true;
    expect((await problemOf(row)).problem).toBe("dns_unavailable");
    dns.failing = false;
    expect((await verifyShopDomain(shop.id, row.id)).status).toBe("verified");
  });

  it("accepts, without CUSTOM_DOMAIN_IPS, an apex whose addresses are the target's (an ALIAS record)", async () => {
    dns.records.push(
      { type: "TXT", name: "_livecart-verify.alias-lea.fr", data: "token-1" },
      { type: "A", name: "alias-lea.fr", data: "192.0.2.44" },
      { type: "A", name: "edge.example.net", data: "192.0.2.44" },
    );
    const settings = { DNS_SERVERS: [dns.address], CUSTOM_DOMAIN_IPS: [], customDomainTarget: "edge.example.net" };
    expect(await checkDomainDns("alias-lea.fr", "token-1", settings)).toEqual({ ok: true });
    expect(await checkDomainDns("alias-lea.fr", "token-2", settings)).toEqual({ ok: false, problem: "txt_mismatch" });
  });

  it("answers 404 for another shop's domain", async () => {
    const other = await createShop();
    const row = await addShopDomain(other, "not-yours-lea.fr");
    await expect(verifyShopDomain(shop.id, row.id)).rejects.toThrow(NotFoundError);
  });
});

describe("the background check", () => {
  it("looks each pending domain of its 72 hours up once per round, whatever the number of nodes", async () => {
    const shop = await createShop();
    // Later than every other test's domains, so only this test's are in their 72 hours.
    const added = new Date("2027-06-01T08:00:00Z");
    const ready = await addShopDomain(shop, "bg-ready.fr", added);
    const waiting = await addShopDomain(shop, "bg-waiting.fr", added);
    const expired = await addShopDomain(shop, "bg-expired.fr", new Date(added.getTime() - CHECK_WINDOW_MS));
    publish(ready);
    publish(expired);
    const round = new Date(added.getTime() + 60_000);
    // Two nodes' rounds at the same moment: each domain is claimed by one of them.
    const counts = await Promise.all([checkPendingDomains(round), checkPendingDomains(round)]);
    expect(counts[0]! + counts[1]!).toBe(2);
    expect(dns.queries.filter((q) => q === "TXT _livecart-verify.bg-waiting.fr")).toHaveLength(1);
    expect(dns.queries.some((q) => q.includes("bg-expired"))).toBe(false);
    const rows = Object.fromEntries((await rowsOf(shop.id)).map((r) => [r.domain, r]));
    expect(rows["bg-ready.fr"]).toMatchObject({ status: "verified" });
    expect(rows["bg-waiting.fr"]).toMatchObject({ status: "pending", problem: "txt_missing", lastCheckedAt: round });
    expect(rows["bg-expired.fr"]).toMatchObject({ status: "pending", lastCheckedAt: null });

    // A minute later nothing is due; at the next round the waiting one is looked up again.
    expect(await checkPendingDomains(new Date(round.getTime() + 60_000))).toBe(0);
    publish(waiting);
    expect(await checkPendingDomains(new Date(round.getTime() + 5 * 60_000))).toBe(1);
    expect((await rowsOf(shop.id)).find((r) => r.id === waiting.id)?.status).toBe("verified");
    // Past its 72 hours a pending domain is no longer looked up in the background.
    expect(await checkPendingDomains(new Date(added.getTime() + CHECK_WINDOW_MS + 1))).toBe(0);
  });

  it("looks a domain never checked up first when more are due than a round takes", async () => {
    const shop = await createShop();
    // Later than the other tests' domains, so only this test's are in their 72 hours.
    const added = new Date("2028-03-01T08:00:00Z");
    const checkedBefore = new Date(added.getTime() + 60_000);
    // A round's worth of domains looked at a round ago (rows of their own: a shop holds 5 at most).
    await getDatabase()
      .insert(shopDomains)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          shopId: shop.id,
          domain: `bg-many-${i}.fr`,
          verificationToken: `token-${i}`,
          lastCheckedAt: checkedBefore,
          checkUntil: new Date(added.getTime() + CHECK_WINDOW_MS),
        })),
      );
    const other = await createShop();
    const fresh = await addShopDomain(other, "bg-never-checked.fr", added);
    expect(await checkPendingDomains(new Date(checkedBefore.getTime() + 5 * 60_000))).toBe(50);
    expect(dns.queries).toContain("TXT _livecart-verify.bg-never-checked.fr");
    expect((await rowsOf(other.id)).find((r) => r.id === fresh.id)?.lastCheckedAt).not.toBeNull();
  });
});

describe("primary domain and removal", () => {
  async function verifiedDomain(shop: Shop, name: string) {
    const row = await addShopDomain(shop, name);
    publish(row);
    return verifyShopDomain(shop.id, row.id);
  }

  it("makes a verified domain the one primary address, and the subdomain again on request", async () => {
    const shop = await createShop();
    const first = await verifiedDomain(shop, "first-lea.fr");
    const second = await verifiedDomain(shop, "second-lea.fr");
    const before = await contentVersion(shop.id);
    expect((await setPrimaryDomain(shop.id, first.id, true)).isPrimary).toBe(true);
    expect((await setPrimaryDomain(shop.id, second.id, true)).isPrimary).toBe(true);
    const primaries = (await rowsOf(shop.id)).filter((r) => r.isPrimary).map((r) => r.domain);
    expect(primaries).toEqual(["second-lea.fr"]);
    expect(await contentVersion(shop.id)).toBe((before ?? 0) + 2);
    await setPrimaryDomain(shop.id, second.id, false);
    expect((await rowsOf(shop.id)).some((r) => r.isPrimary)).toBe(false);
  });

  it("keeps one primary domain when two are made primary at once", async () => {
    const shop = await createShop();
    const domains = [];
    for (const name of ["one-lea.fr", "two-lea.fr", "three-lea.fr", "four-lea.fr"]) domains.push(await verifiedDomain(shop, name));
    await Promise.all(domains.map((row) => setPrimaryDomain(shop.id, row.id, true)));
    expect((await rowsOf(shop.id)).filter((r) => r.isPrimary)).toHaveLength(1);
  });

  it("refuses a pending domain as primary (409), and another shop's domain (404)", async () => {
    const [shop, other] = [await createShop(), await createShop()];
    const pending = await addShopDomain(shop, "pending-lea.fr");
    expect(await refusal(setPrimaryDomain(shop.id, pending.id, true))).toMatchObject({ status: 409, code: "domain_not_verified" });
    const theirs = await verifiedDomain(other, "theirs-lea.fr");
    await expect(setPrimaryDomain(shop.id, theirs.id, true)).rejects.toThrow(NotFoundError);
    expect((await rowsOf(shop.id)).some((r) => r.isPrimary)).toBe(false);
    expect((await rowsOf(other.id))[0]?.isPrimary).toBe(false);
  });

  it("removes a domain (the primary one too), and nothing of another shop", async () => {
    const [shop, other] = [await createShop(), await createShop()];
    const primary = await verifiedDomain(shop, "gone-lea.fr");
    await setPrimaryDomain(shop.id, primary.id, true);
    const theirs = await addShopDomain(other, "kept-lea.fr");
    await expect(removeShopDomain(shop.id, theirs.id)).rejects.toThrow(NotFoundError);
    await removeShopDomain(shop.id, primary.id);
    expect(await rowsOf(shop.id)).toEqual([]);
    expect(await rowsOf(other.id)).toHaveLength(1);
    // The name is free again.
    expect((await addShopDomain(other, "gone-lea.fr")).shopId).toBe(other.id);
  });
});
