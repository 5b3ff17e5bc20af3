import { eq } from "drizzle-orm";
import { getDatabase, type Queryable } from "~db/client";
import { users, type User } from "~db/schema";
import type { Language } from "~/lib/i18n";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string, db: Queryable = getDatabase()): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user;
}

export async function findUserById(id: number): Promise<User | undefined> {
  const [user] = await getDatabase().select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The language a signed-in user switched to, kept for the mails we send them. */
export async function rememberUserLanguage(userId: number, language: Language): Promise<void> {
  await getDatabase().update(users).set({ language }).where(eq(users.id, userId));
}

/** "Dana Demo", or the username when no name is set. */
export function displayName(user: Pick<User, "firstName" | "lastName" | "username">): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
}

/** A username from the email's local part (it is shown, not used to log in). */
export function usernameFromEmail(email: string): string {
  return (
    normalizeEmail(email)
      .split("@")[0]!
      .replace(/[^a-z0-9._-]/g, "")
      .slice(0, 30) || "user"
  );
}

/** The user object of the API (spec section 3) plus the staff flag. */
export function userResource(
  user: Pick<
    User,
    "id" | "email" | "username" | "firstName" | "lastName" | "phoneNumber" | "isVerified" | "isSeller" | "isStaff" | "language"
  >,
) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    phone_number: user.phoneNumber,
    is_verified: user.isVerified,
    is_seller: user.isSeller,
    is_staff: user.isStaff,
    language: user.language,
  };
}

/**
 * The signed-in user as the request knows it (router context, pages): never the password
 * hash, which only the login and password code read, from the database.
 */
export type SessionUser = {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phoneNumber: string;
  language: Language;
  isVerified: boolean;
  isSeller: boolean;
  isStaff: boolean;
};

export function sessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: displayName(user),
    phoneNumber: user.phoneNumber,
    language: user.language,
    isVerified: user.isVerified,
    isSeller: user.isSeller,
    isStaff: user.isStaff,
  };
}
