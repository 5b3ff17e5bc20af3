import { getDatabase } from "../../db/client";
import { simulatedPaymentIntents } from "../../db/schema";

/**
 * A succeeded payment at the simulated provider, as a paid checkout leaves it there: refunds
 * of it go through. For the unit, PostgreSQL and end-to-end helpers alike (relative imports:
 * Playwright loads this file too).
 */
export async function recordSucceededSimulatedIntent(intent: {
  id: string;
  accountId: string;
  amountCents: number;
  applicationFeeCents: number;
}): Promise<void> {
  await getDatabase()
    .insert(simulatedPaymentIntents)
    .values({ ...intent, clientSecret: `${intent.id}_secret`, currency: "EUR", status: "succeeded" });
}
