import { describe, expect, expectTypeOf, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { sessionUser, type SessionUser } from "~/domain/accounts/users.server";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "~/domain/errors.server";
import {
  orNotFound,
  requireSeller,
  requireSellerPage,
  requireStaff,
  requireStaffPage,
  requireUser,
  requireUserPage,
  throwIfNotFound,
} from "~/http/guards.server";
import { currentUser, sessionContext } from "~/middleware/session.server";
import { siteContext, type ResolvedSite } from "~/middleware/site.server";
import { getDatabase } from "~db/client";
import { eq } from "drizzle-orm";
import { sellerProfiles, users, type Shop, type User } from "~db/schema";
import { createShop, createUser } from "./factories";

function contextFor(user: User | null, options: { site?: ResolvedSite; viaApiKey?: boolean } = {}) {
  const context = new RouterContextProvider();
  context.set(siteContext, options.site ?? { kind: "main" });
  context.set(sessionContext, user ? { id: "s", user: sessionUser(user), viaApiKey: options.viaApiKey } : null);
  return context;
}

const request = new Request("http://localhost:3000/dashboard/products?page=2");

/** A seller as registration makes one: user, seller profile and shop. */
async function seller(): Promise<{ shop: Shop; user: User }> {
  const shop = await createShop();
  await getDatabase().insert(sellerProfiles).values({ userId: shop.ownerId, businessName: "Shop", businessType: "company" });
  const [user] = await getDatabase().select().from(users).where(eq(users.id, shop.ownerId)).limit(1);
  return { shop, user: user! };
}

/** What a page guard threw: a redirect's target or a page's status. */
async function pageAnswer(guard: () => unknown): Promise<{ location: string | null; status: number }> {
  try {
    await guard();
  } catch (thrown) {
    if (thrown instanceof Response) return { location: thrown.headers.get("Location"), status: thrown.status };
    const init = (thrown as { init?: { status?: number } }).init;
    return { location: null, status: init?.status ?? -1 };
  }
  throw new Error("the guard let the request through");
}

describe("API guards (domain errors that apiResource answers)", () => {
  it("requireUser: 401 for visitors, the user otherwise; sessionOnly refuses API keys", async () => {
    expect(() => requireUser(contextFor(null))).toThrow(UnauthorizedError);
    const user = await createUser();
    expect(requireUser(contextFor(user)).id).toBe(user.id);
    expect(() => requireUser(contextFor(user, { viaApiKey: true }), { sessionOnly: true })).toThrow(ForbiddenError);
    expect(requireUser(contextFor(user), { sessionOnly: true }).id).toBe(user.id);
  });

  it("requireSeller: 401 for visitors, 403 for non-sellers, 404 on another seller's shop host", async () => {
    const { shop, user } = await seller();
    await expect(requireSeller(contextFor(null))).rejects.toThrow(UnauthorizedError);
    await expect(requireSeller(contextFor(await createUser()))).rejects.toThrow(ForbiddenError);
    // The seller flag without a seller profile and shop is not enough.
    await expect(requireSeller(contextFor(await createUser({ isSeller: true })))).rejects.toThrow(ForbiddenError);
    const found = await requireSeller(contextFor(user));
    expect(found.shop.id).toBe(shop.id);
    expect(found.account.profile.userId).toBe(user.id);
    expect(
      (await requireSeller(contextFor(user, { site: { kind: "shop", shop, primaryDomain: null, customDomain: false } }))).shop.id,
    ).toBe(shop.id);
    await expect(
      requireSeller(contextFor(user, { site: { kind: "shop", shop: await createShop(), primaryDomain: null, customDomain: false } })),
    ).rejects.toThrow(NotFoundError);
  });

  it("requireStaff: 401 for visitors, 403 for everyone but staff", async () => {
    expect(() => requireStaff(contextFor(null))).toThrow(UnauthorizedError);
    const seller = await createUser({ isSeller: true });
    expect(() => requireStaff(contextFor(seller))).toThrow(ForbiddenError);
    const staff = await createUser({ isStaff: true });
    expect(requireStaff(contextFor(staff)).id).toBe(staff.id);
  });
});

describe("page guards (screens)", () => {
  const login = "/login?redirectTo=%2Fdashboard%2Fproducts%3Fpage%3D2";

  it("requireUserPage: the login page that comes back here for visitors", async () => {
    expect(await pageAnswer(() => requireUserPage(request, contextFor(null)))).toEqual({ location: login, status: 302 });
    const user = await createUser();
    expect(requireUserPage(request, contextFor(user)).id).toBe(user.id);
  });

  it("requireUserPage: the spec's own answers where a screen asks for them (a 401 page that says so, or home)", async () => {
    expect(await pageAnswer(() => requireUserPage(request, contextFor(null), "message"))).toEqual({ location: null, status: 401 });
    expect(await pageAnswer(() => requireUserPage(request, contextFor(null), "home"))).toEqual({ location: "/", status: 302 });
    const user = await createUser();
    expect(requireUserPage(request, contextFor(user), "message").id).toBe(user.id);
    expect(requireUserPage(request, contextFor(user), "home").id).toBe(user.id);
  });

  it("requireSellerPage: the login page for visitors, the 404 page for other users", async () => {
    expect(await pageAnswer(() => requireSellerPage(request, contextFor(null)))).toEqual({ location: login, status: 302 });
    const other = await createUser();
    expect(await pageAnswer(() => requireSellerPage(request, contextFor(other)))).toEqual({ location: null, status: 404 });
    const { shop, user } = await seller();
    expect((await requireSellerPage(request, contextFor(user))).shop.id).toBe(shop.id);
  });

  it("requireStaffPage: the 404 page for everyone but staff, visitors included (the page is not revealed)", async () => {
    expect(await pageAnswer(() => requireStaffPage(contextFor(null)))).toEqual({ location: null, status: 404 });
    const user = await createUser();
    expect(await pageAnswer(() => requireStaffPage(contextFor(user)))).toEqual({ location: null, status: 404 });
    const staff = await createUser({ isStaff: true });
    expect(requireStaffPage(contextFor(staff)).id).toBe(staff.id);
  });
});

describe("the signed-in user of a request", () => {
  it("never carries the password hash", async () => {
    const user = await createUser({ passwordHash: "scrypt$secret" });
    const known = currentUser(contextFor(user))!;
    expect(known.id).toBe(user.id);
    expect(JSON.stringify(known)).not.toContain("scrypt$secret");
    expect(Object.keys(known)).not.toContain("passwordHash");
    // Enforced by the types: neither the session's user nor any guard's user has the hash.
    expectTypeOf<SessionUser>().not.toHaveProperty("passwordHash");
    expectTypeOf(currentUser).returns.toEqualTypeOf<SessionUser | null>();
    expectTypeOf(requireUser).returns.toEqualTypeOf<SessionUser>();
    expectTypeOf<Awaited<ReturnType<typeof requireSeller>>["user"]>().toEqualTypeOf<SessionUser>();
  });
});

describe("a screen's answer to what it cannot find", () => {
  it("orNotFound: the value when found; the 404 page for a NotFoundError; other errors as they are", async () => {
    expect(await orNotFound(Promise.resolve(42))).toBe(42);
    expect(await pageAnswer(() => orNotFound(Promise.reject(new NotFoundError("orders.not_found"))))).toEqual({
      location: null,
      status: 404,
    });
    const refused = new ForbiddenError("errors.forbidden");
    await expect(orNotFound(Promise.reject(refused))).rejects.toBe(refused);
  });

  it("a fetcher's 404 carries the body it shows", async () => {
    const thrown = await orNotFound(Promise.reject(new NotFoundError("orders.not_found")), { message: "No such order" }).catch((e) => e);
    expect(thrown).toMatchObject({ data: { message: "No such order" }, init: { status: 404 } });
  });

  it("throwIfNotFound: throws the 404 page for a NotFoundError only", async () => {
    expect(await pageAnswer(() => throwIfNotFound(new NotFoundError("lives.not_found")))).toEqual({ location: null, status: 404 });
    expect(() => throwIfNotFound(new ForbiddenError("errors.forbidden"))).not.toThrow();
    expect(() => throwIfNotFound(new Error("boom"))).not.toThrow();
  });
});
