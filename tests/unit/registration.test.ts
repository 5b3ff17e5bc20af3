import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession } from "~/domain/accounts/sessions.server";
import {
  completeRegistration,
  registrationStatus,
  registrationStepValues,
  saveStep1,
  saveStep2,
} from "~/domain/sellers/registration.server";
import { registrationStep1Schema, registrationStep2Schema, registrationStep3Schema } from "~/schemas/sellers";
import { getDatabase } from "~db/client";
import { registrationProgress, sellerProfiles, shops } from "~db/schema";

const step3 = registrationStep3Schema.parse({
  email: "owner@bijoux.test",
  first_name: "Ana",
  last_name: "Lopez",
  password: "Abcdef1!",
  password_confirm: "Abcdef1!",
});

describe("registration progress", () => {
  it("stores the domain's steps and creates the account from them", async () => {
    const session = await createSession(null);
    await saveStep1(
      session.id,
      registrationStep1Schema.parse({ business_name: "Bijoux", subdomain: "bijoux", business_type: "company" }),
      "1.1.1.1",
    );
    await saveStep2(
      session.id,
      registrationStep2Schema.parse({ siret: "123 456 789 01234", contact_email: "c@bijoux.test", contact_phone: "06" }),
      "1.1.1.1",
    );
    expect((await registrationStatus(session.id)).data.step1).toEqual({
      businessName: "Bijoux",
      subdomain: "bijoux",
      businessType: "company",
      businessDescription: "",
    });
    expect(registrationStepValues((await registrationStatus(session.id)).data, 2)).toEqual({
      country: "FR",
      siret: "12345678901234",
      contact_email: "c@bijoux.test",
      contact_phone: "06",
    });
    const user = await completeRegistration(session.id, step3, "fr", "1.1.1.1");
    const [profile] = await getDatabase().select().from(sellerProfiles).where(eq(sellerProfiles.userId, user.id)).limit(1);
    expect(profile).toMatchObject({ businessName: "Bijoux", siret: "12345678901234", contactEmail: "c@bijoux.test" });
    expect(user).toMatchObject({ firstName: "Ana", lastName: "Lopez", language: "fr" });
  });

  it("completes a wizard whose steps were saved under the form's names (before the upgrade)", async () => {
    const session = await createSession(null);
    await getDatabase()
      .insert(registrationProgress)
      .values({
        sessionId: session.id,
        currentStep: 2,
        data: {
          step1: { business_name: "Vieux", subdomain: "vieux", business_type: "individual", business_description: "Old" },
          step2: { country: "FR", siret: "", contact_email: "c@vieux.test", contact_phone: "07" },
        },
      });
    expect(registrationStepValues((await registrationStatus(session.id)).data, 1)).toMatchObject({
      business_name: "Vieux",
      subdomain: "vieux",
    });
    const user = await completeRegistration(session.id, { ...step3, email: "owner@vieux.test" }, "en", "1.1.1.2");
    const [shop] = await getDatabase().select().from(shops).where(eq(shops.ownerId, user.id)).limit(1);
    expect(shop).toMatchObject({ subdomain: "vieux", name: "Vieux", description: "Old", businessType: "individual" });
    const [profile] = await getDatabase().select().from(sellerProfiles).where(eq(sellerProfiles.userId, user.id)).limit(1);
    expect(profile).toMatchObject({ contactEmail: "c@vieux.test", contactPhone: "07" });
  });
});
