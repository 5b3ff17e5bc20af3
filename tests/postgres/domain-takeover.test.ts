// A name one shop left pending past its 72 hours, verified by that shop ("Check now") while
// another shop adds it, on a real PostgreSQL server: the verified domain must stay its owner's.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { addShopDomain, CHECK_WINDOW_MS, DomainTakenError } from "~/domain/domains/domains.server";
import { getDatabase } from "~db/client";
import { shopDomains } from "~db/schema";
import { createShop } from "../unit/factories";
import { lockHolder } from "../support/lock-holder";

const { other, openTransaction, someoneWaitsForALock } = lockHolder();
afterAll(() => other.end());

describe("a lapsed domain verified by its shop while another shop adds it", () => {
  it("keeps the verified domain and refuses the other shop", async () => {
    const [owner, latecomer] = [await createShop(), await createShop()];
    const added = new Date(Date.now() - CHECK_WINDOW_MS - 60_000);
    const lapsed = await addShopDomain(owner, "lapsed-lea.fr", added);

    // What the owner's "Check now" holds: the domain verified, its statement not yet committed.
    const verifying = await openTransaction((sql) => sql`update shop_domains set status = 'verified' where id = ${lapsed.id}`);
    const adding = addShopDomain(latecomer, "lapsed-lea.fr").then(
      () => null,
      (error: unknown) => error,
    );
    await someoneWaitsForALock();
    verifying.release();
    await verifying.done;

    expect(await adding).toBeInstanceOf(DomainTakenError);
    const rows = await getDatabase().select().from(shopDomains).where(eq(shopDomains.domain, "lapsed-lea.fr"));
    expect(rows).toMatchObject([{ id: lapsed.id, shopId: owner.id, status: "verified" }]);
  });
});
