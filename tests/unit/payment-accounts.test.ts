import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { ConflictError } from "~/domain/errors.server";
import { connectPaymentAccount } from "~/domain/payments/accounts.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import { updateSellerProfile } from "~/domain/sellers/seller-profile.server";
import { getDatabase } from "~db/client";
import { sellerProfiles, simulatedAccounts } from "~db/schema";
import { createShop, createUser } from "./factories";

async function seller() {
  const user = await createUser({ isSeller: true, firstName: "A", lastName: "B" });
  await getDatabase().insert(sellerProfiles).values({
    userId: user.id,
    businessName: "S",
    businessType: "company",
    businessAddress: "1 rue",
    contactEmail: "s@x.y",
    contactPhone: "06",
    country: "FR",
  });
  await createShop({ ownerId: user.id, isLive: false });
  return user;
}

const profileOf = async (userId: number) =>
  (await getDatabase().select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)))[0]!;

describe("connecting a seller's payment account", () => {
  it("stores the account created in the profile's country", async () => {
    const user = await seller();
    await connectPaymentAccount(user);
    const profile = await profileOf(user.id);
    const [account] = await getDatabase().select().from(simulatedAccounts).where(eq(simulatedAccounts.id, profile.stripeConnectAccountId!));
    expect(account).toMatchObject({ country: "FR" });
  });

  it("is refused when the seller changed the country during the provider's call, and stores no account", async () => {
    const user = await seller();
    const payments = getPaymentProvider();
    const create = payments.createConnectedAccount.bind(payments);
    const creating = vi.spyOn(payments, "createConnectedAccount").mockImplementationOnce(async (request) => {
      const created = await create(request);
      await updateSellerProfile(user.id, { country: "BE" });
      return created;
    });
    try {
      const refusal = connectPaymentAccount(user);
      await expect(refusal).rejects.toThrowError(ConflictError);
      await expect(refusal).rejects.toThrow("payments.errors.country_changed");
    } finally {
      creating.mockRestore();
    }
    expect(await profileOf(user.id)).toMatchObject({ country: "BE", stripeConnectAccountId: null, paymentAccountGeneration: 1 });

    // Trying again creates the account in the new country, under a key of its own.
    const keys: string[] = [];
    const retrying = vi.spyOn(payments, "createConnectedAccount").mockImplementationOnce(async (request) => {
      keys.push(request.idempotencyKey);
      return create(request);
    });
    try {
      await connectPaymentAccount(user);
    } finally {
      retrying.mockRestore();
    }
    expect(keys[0]).toMatch(new RegExp(`connected-account-${user.id}-1$`));
    const profile = await profileOf(user.id);
    const [account] = await getDatabase().select().from(simulatedAccounts).where(eq(simulatedAccounts.id, profile.stripeConnectAccountId!));
    expect(account).toMatchObject({ country: "BE" });
  });
});
