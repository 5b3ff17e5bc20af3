import { eq } from "drizzle-orm";
import { sendVerificationMail } from "~/domain/accounts/email-verification.server";
import { hashPassword } from "~/domain/accounts/password.server";
import { clientAddressKey, takeHits, type RateLimit } from "~/domain/accounts/rate-limit.server";
import { findUserByEmail, normalizeEmail, usernameFromEmail } from "~/domain/accounts/users.server";
import { ConflictError, RateLimitedError, ValidationError } from "~/domain/errors.server";
import { messageKey } from "~/lib/messages";
import type { Language } from "~/lib/i18n";
import { getDatabase, lockKey, writeTransaction, type Queryable, type Transaction } from "~db/client";
import { isUniqueViolation } from "~db/errors";
import { registrationProgress, sellerProfiles, shops, users, type User } from "~db/schema";
import {
  businessIdentifierColumns,
  missingBusinessIdentifier,
  registrationStep1Schema,
  registrationStep2Schema,
  registrationStepFormValues,
  type RegistrationStep1,
  type RegistrationStep2,
  type RegistrationStep3,
} from "~/schemas/sellers";

/** Companies and non-profits give their identification number; individuals may not have one. */
function assertBusinessIdentifier(businessType: string, step2: RegistrationStep2): void {
  const missing = missingBusinessIdentifier(step2.country, businessType, step2.businessIdentifier);
  if (missing) throw new ValidationError("errors.validation", { siret: [missing] });
}

/**
 * The seller registration wizard, held on the server per visitor session: steps 1 and 2
 * are stored, step 3 creates the account (user, seller profile, shop not yet live).
 */
export type RegistrationStepNumber = 1 | 2 | 3;
/** What was typed on a step but not submitted (going back with Previous); never passwords. */
export type RegistrationDraft = Record<string, string>;
export type RegistrationData = {
  step1?: RegistrationStep1;
  step2?: RegistrationStep2;
  drafts?: Partial<Record<`${RegistrationStepNumber}`, RegistrationDraft>>;
};

/** The fields a draft may keep, per step (passwords are never stored). */
const DRAFT_FIELDS: Record<RegistrationStepNumber, readonly string[]> = {
  1: ["business_name", "subdomain", "business_type", "business_description"],
  2: ["country", "siret", "contact_email", "contact_phone"],
  3: ["email", "first_name", "last_name"],
};
const DRAFT_MAX_LENGTH = 1000;
export type RegistrationStatus = { current_step: number; next_step: number };

/**
 * Per client address (docs/security.md, "Login throttling and abuse limits"): accounts created (each costs a password hash,
 * a session and a mail) and wizard steps submitted (each writes a progress row).
 */
export const ACCOUNT_CREATION_LIMIT: RateLimit = { limit: 10, windowMs: 60 * 60 * 1000 };
export const REGISTRATION_STEP_LIMIT: RateLimit = { limit: 40, windowMs: 60 * 60 * 1000 };

async function countRegistrationRequest(kind: "step" | "account", clientAddress: string, now = Date.now()): Promise<void> {
  const limit = kind === "step" ? REGISTRATION_STEP_LIMIT : ACCOUNT_CREATION_LIMIT;
  const taken = await takeHits([{ key: `register:${kind}:${clientAddressKey(clientAddress)}`, ...limit }], now);
  if (taken.limited) throw new RateLimitedError("rate_limits.too_many_requests", taken.retryAfterSeconds);
}

export async function isSubdomainTaken(subdomain: string, db: Queryable = getDatabase()): Promise<boolean> {
  const found = await db.select({ id: shops.id }).from(shops).where(eq(shops.subdomain, subdomain)).limit(1);
  return found.length > 0;
}

/**
 * A step and a draft are read, merged and written back whole: one visitor's writes go one
 * after the other (a key, since the first has no row to lock), or one would drop the other's part.
 */
function lockProgress(tx: Transaction, sessionId: string): Promise<void> {
  return lockKey(tx, `registration-progress:${sessionId}`);
}

async function loadProgress(sessionId: string) {
  const [progress] = await getDatabase().select().from(registrationProgress).where(eq(registrationProgress.sessionId, sessionId)).limit(1);
  return progress;
}

export async function registrationStatus(sessionId: string | null): Promise<RegistrationStatus & { data: RegistrationData }> {
  const progress = sessionId ? await loadProgress(sessionId) : undefined;
  const current = progress?.currentStep ?? 0;
  return { current_step: current, next_step: Math.min(current + 1, 3), data: readRegistrationData(progress?.data) };
}

/**
 * Stored progress as the domain's steps. Progress saved before the steps were camelCase
 * holds the form's names: it is read through the step's schema, so a wizard begun before
 * an upgrade still completes.
 */
function readRegistrationData(stored: unknown): RegistrationData {
  const data = { ...((stored ?? {}) as RegistrationData) };
  const legacy = (step: unknown) => typeof step === "object" && step !== null && "business_name" in step;
  const legacyStep2 = (step: unknown) => typeof step === "object" && step !== null && "contact_email" in step;
  if (legacy(data.step1)) data.step1 = registrationStep1Schema.safeParse(data.step1).data;
  if (legacyStep2(data.step2)) data.step2 = registrationStep2Schema.safeParse(data.step2).data;
  return data;
}

/** Steps must come in order: step N needs steps 1..N-1. */
function assertReachable(step: number, current: number) {
  if (step > current + 1) throw new ValidationError(messageKey("sellers.registration.previous_step_missing", { step: step - 1 }));
}

export function parseStepNumber(value: string | number): RegistrationStepNumber {
  const n = typeof value === "number" ? value : Number(value);
  if (n !== 1 && n !== 2 && n !== 3) throw new ValidationError(messageKey("sellers.registration.invalid_step", { n: String(value) }));
  return n;
}

/**
 * Previous was pressed: what the visitor typed on this step is kept as is (unvalidated,
 * known fields only) so coming back shows it again. The step itself stays unsaved.
 */
export async function saveStepDraft(sessionId: string, step: RegistrationStepNumber, values: Record<string, unknown>): Promise<void> {
  const draft: RegistrationDraft = {};
  for (const field of DRAFT_FIELDS[step]) {
    const value = values[field];
    if (typeof value === "string") draft[field] = value.slice(0, DRAFT_MAX_LENGTH);
  }
  await writeTransaction(async (tx) => {
    await lockProgress(tx, sessionId);
    const [progress] = await tx.select().from(registrationProgress).where(eq(registrationProgress.sessionId, sessionId)).limit(1);
    const data = readRegistrationData(progress?.data);
    const next: RegistrationData = { ...data, drafts: { ...data.drafts, [step]: draft } };
    await tx
      .insert(registrationProgress)
      .values({ sessionId, currentStep: progress?.currentStep ?? 0, data: next, updatedAt: new Date() })
      .onConflictDoUpdate({ target: registrationProgress.sessionId, set: { data: next, updatedAt: new Date() } });
  });
}

/** The values a step's form starts with: its unsent draft, else what was saved. */
export function registrationStepValues(data: RegistrationData, step: RegistrationStepNumber): Record<string, string> | undefined {
  const draft = data.drafts?.[`${step}`];
  if (draft) return draft;
  const saved = step === 1 ? data.step1 : step === 2 ? data.step2 : undefined;
  return saved ? registrationStepFormValues(saved) : undefined;
}

export async function saveStep1(sessionId: string, input: RegistrationStep1, clientAddress: string): Promise<RegistrationStatus> {
  await countRegistrationRequest("step", clientAddress);
  if (await isSubdomainTaken(input.subdomain)) {
    throw new ConflictError("errors.validation", { subdomain: ["sellers.subdomain.taken"] });
  }
  return saveStep(sessionId, 1, { step1: input });
}

export async function saveStep2(sessionId: string, input: RegistrationStep2, clientAddress: string): Promise<RegistrationStatus> {
  await countRegistrationRequest("step", clientAddress);
  const businessType = (await registrationStatus(sessionId)).data.step1?.businessType;
  if (businessType) assertBusinessIdentifier(businessType, input);
  return saveStep(sessionId, 2, { step2: input });
}

async function saveStep(sessionId: string, step: 1 | 2, patch: RegistrationData): Promise<RegistrationStatus> {
  return writeTransaction(async (tx) => {
    await lockProgress(tx, sessionId);
    const [progress] = await tx.select().from(registrationProgress).where(eq(registrationProgress.sessionId, sessionId)).limit(1);
    const current = progress?.currentStep ?? 0;
    assertReachable(step, current);
    const previous = readRegistrationData(progress?.data);
    // The submitted step replaces its draft.
    const drafts = { ...previous.drafts };
    delete drafts[`${step}`];
    const data: RegistrationData = { ...previous, ...patch, drafts };
    // Going back and re-submitting an earlier step keeps the later steps' data.
    const currentStep = Math.max(current, step);
    await tx
      .insert(registrationProgress)
      .values({ sessionId, currentStep, data, updatedAt: new Date() })
      .onConflictDoUpdate({ target: registrationProgress.sessionId, set: { currentStep, data, updatedAt: new Date() } });
    return { current_step: currentStep, next_step: Math.min(currentStep + 1, 3) };
  });
}

/** Step 3: creates the seller's account from the stored steps, then mails the verification link. */
export async function completeRegistration(
  sessionId: string | null,
  step3: RegistrationStep3,
  language: Language,
  clientAddress: string,
): Promise<User> {
  await countRegistrationRequest("step", clientAddress);
  const { data, current_step } = await registrationStatus(sessionId);
  assertReachable(3, current_step);
  if (!data.step1 || !data.step2) throw new ValidationError(messageKey("sellers.registration.previous_step_missing", { step: 2 }));
  const user = await createAccount({ ...data.step1, ...data.step2, ...step3 }, language, clientAddress);
  if (sessionId) await getDatabase().delete(registrationProgress).where(eq(registrationProgress.sessionId, sessionId));
  return user;
}

type SellerAccountInput = RegistrationStep1 & RegistrationStep2 & RegistrationStep3;

/** The API's `complete/`: every step's fields in one call (one wizard step, one account). */
export async function createSellerAccount(input: SellerAccountInput, language: Language, clientAddress: string): Promise<User> {
  await countRegistrationRequest("step", clientAddress);
  return createAccount(input, language, clientAddress);
}

/** Creates user (is_seller), seller profile and shop at once; email and subdomain must be free. */
async function createAccount(input: SellerAccountInput, language: Language, clientAddress: string): Promise<User> {
  assertBusinessIdentifier(input.businessType, input);
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(email)) throw new ConflictError("errors.validation", { email: ["sellers.email.taken"] });
  // Counted before the password hash, after the cheap refusals (a taken email costs nothing).
  await countRegistrationRequest("account", clientAddress);
  const passwordHash = await hashPassword(input.password);
  const takenError = async (tx?: Queryable) => {
    if (await findUserByEmail(email, tx)) return new ConflictError("errors.validation", { email: ["sellers.email.taken"] });
    if (await isSubdomainTaken(input.subdomain, tx))
      return new ConflictError("errors.validation", { subdomain: ["sellers.subdomain.taken"] });
    return null;
  };
  const user = await writeTransaction(async (tx) => {
    const taken = await takenError(tx);
    if (taken) throw taken;
    const [created] = await tx
      .insert(users)
      .values({
        email,
        username: usernameFromEmail(email),
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        isSeller: true,
        language,
      })
      .returning();
    await tx.insert(sellerProfiles).values({
      userId: created!.id,
      businessName: input.businessName,
      businessType: input.businessType,
      businessDescription: input.businessDescription,
      country: input.country,
      ...businessIdentifierColumns(input.country, input.businessIdentifier),
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      verificationStatus: "under_review",
    });
    await tx.insert(shops).values({
      ownerId: created!.id,
      subdomain: input.subdomain,
      name: input.businessName,
      description: input.businessDescription,
      businessType: input.businessType,
      country: input.country,
    });
    return created!;
  }).catch(async (error: unknown) => {
    // Two registrations of one email or subdomain at once (PostgreSQL, READ COMMITTED): both
    // checks passed, the unique index refused the second insert. It is the same 409.
    if (isUniqueViolation(error)) throw (await takenError()) ?? error;
    throw error;
  });
  await sendVerificationMail(user);
  return user;
}
