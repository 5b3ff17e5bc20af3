// A seller approved and rejected at once, on a real PostgreSQL server: the shop must not go
// live for a seller whose rejection committed while the approval was deciding to open it.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { approveSeller, rejectSeller } from "~/domain/sellers/approval.server";
import { getDatabase } from "~db/client";
import { sellerProfiles, shops } from "~db/schema";
import { createShop, createUser } from "../unit/factories";
import { lockHolder } from "../support/lock-holder";

const { other, openTransaction } = lockHolder();
afterAll(() => other.end());

/** Waits until `count` other connections of the database wait for a lock. */
async function lockWaiters(count: number): Promise<void> {
  for (;;) {
    const [row] =
      await other`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
    if (row!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("approving and rejecting a seller at once", () => {
  it("does not leave a rejected seller's shop live", async () => {
    const user = await createUser({ isSeller: true, firstName: "Rita", lastName: "Race" });
    await getDatabase().insert(sellerProfiles).values({
      userId: user.id,
      businessName: "Race",
      businessType: "company",
      contactEmail: "race@example.test",
      contactPhone: "0600000000",
      stripeChargesEnabled: true,
      verificationStatus: "under_review",
    });
    const shop = await createShop({ ownerId: user.id, isLive: false });

    // Holds the shop's row, so the approval stops where it opens the shop.
    const holder = await openTransaction((sql) => sql`select 1 from shops where id = ${shop.id} for no key update`);
    const approving = approveSeller(user.id);
    await lockWaiters(1);
    const rejecting = rejectSeller(user.id, "Documents do not match");
    // The rejection either ends (nothing held it) or waits for the approval.
    await Promise.race([rejecting.catch(() => {}), lockWaiters(2)]);
    holder.release();
    await holder.done;
    await Promise.all([approving, rejecting]);

    const [profile] = await getDatabase().select().from(sellerProfiles).where(eq(sellerProfiles.userId, user.id));
    const [after] = await getDatabase().select().from(shops).where(eq(shops.id, shop.id));
    expect(profile!.verificationStatus).toBe("rejected");
    expect(after!.isLive).toBe(false);
  });
});
