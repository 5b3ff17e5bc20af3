import { data, redirect, type RouterContextProvider } from "react-router";
import type { SessionUser } from "~/domain/accounts/users.server";
import { DomainError, ForbiddenError, NotFoundError, UnauthorizedError } from "~/domain/errors.server";
import { loadSellerAccount, type SellerAccount } from "~/domain/sellers/onboarding.server";
import { currentUser, sessionContext } from "~/middleware/session.server";
import { siteContext } from "~/middleware/site.server";
import type { Shop } from "~db/schema";

/**
 * Who may do what: the one set of guards for screens and the API.
 *
 * - `requireUser`, `requireSeller`, `requireStaff` are the API form: they throw domain
 *   errors that `apiResource` answers (401 signed out, 403 wrong role, 404 another shop).
 * - `requireUserPage`, `requireSellerPage`, `requireStaffPage` are the screen form, for
 *   loaders and actions: a signed-out visitor goes to the login page, which comes back
 *   here, unless the screen answers visitors as the spec says (`SignedOutAnswer`); a user
 *   without the role gets the 404 page. The staff screens answer 404 to visitors too, so
 *   their existence is not revealed.
 *
 * Business rules (customization needs a completed onboarding, an order is the seller's)
 * stay in the domain; these only say who is asking.
 *
 * A screen answers what it cannot find the same way: `orNotFound(lookup)` around what it
 * loads, `throwIfNotFound(error)` in an error handler, `notFoundPage()` for a bad path.
 */
type ContextReader = Readonly<RouterContextProvider>;

/** A signed-in seller: the user, their seller account and their shop. */
export type Seller = { user: SessionUser; account: SellerAccount; shop: Shop };

/**
 * The signed-in user, or a 401. `sessionOnly` is for account-security actions (password
 * change, logout): an API key must never be enough to take over the account it belongs to.
 */
export function requireUser(context: ContextReader, options: { sessionOnly?: boolean } = {}): SessionUser {
  const user = currentUser(context);
  if (!user) throw new UnauthorizedError("errors.unauthenticated");
  if (options.sessionOnly && context.get(sessionContext)?.viaApiKey) throw new ForbiddenError("api_keys.session_only");
  return user;
}

/**
 * The signed-in seller with their shop; 403 for other users. On a shop host the call is
 * about that shop: another seller's shop simply does not have the resource (404).
 */
export async function requireSeller(context: ContextReader): Promise<Seller> {
  const user = requireUser(context);
  const account = user.isSeller ? await loadSellerAccount(user.id) : null;
  if (!account?.shop) throw new ForbiddenError("sellers.not_a_seller");
  const site = context.get(siteContext);
  if (site.kind === "shop" && site.shop.id !== account.shop.id) throw new NotFoundError("errors.not_found");
  return { user, account, shop: account.shop };
}

/** A signed-in staff member; 403 for other users. */
export function requireStaff(context: ContextReader): SessionUser {
  const user = requireUser(context);
  if (!user.isStaff) throw new ForbiddenError("errors.forbidden");
  return user;
}

/**
 * What a screen answers a signed-out visitor, its loader and its action alike:
 * - `"login"`: the login page, which comes back here (a redirect);
 * - `"message"`: the screen's own address shows "You must be logged in to view this page"
 *   with a login button that comes back here (401; the spec's /account and
 *   /shop/customization). The root error boundary draws it (`SignedOutData`);
 * - `"home"`: the landing page (the spec's /dashboard).
 */
export type SignedOutAnswer = "login" | "message" | "home";

/** The data of the 401 a `"message"` screen throws, for the error boundary. */
export type SignedOutData = { signedOut: true };

export function requireUserPage(request: Request, context: ContextReader, signedOut: SignedOutAnswer = "login"): SessionUser {
  const user = currentUser(context);
  if (user) return user;
  if (signedOut === "home") throw redirect("/");
  if (signedOut === "message") throw data({ signedOut: true } satisfies SignedOutData, { status: 401 });
  throw redirect(loginPath(request));
}

export async function requireSellerPage(request: Request, context: ContextReader): Promise<Seller> {
  try {
    return await requireSeller(context);
  } catch (error) {
    throw pageRefusal(request, error);
  }
}

export function requireStaffPage(context: ContextReader): SessionUser {
  try {
    return requireStaff(context);
  } catch (error) {
    if (error instanceof DomainError) throw notFoundPage();
    throw error;
  }
}

/** What a screen throws for a guard's refusal: the login page for visitors, the 404 page otherwise (the error itself when it is not one). */
function pageRefusal(request: Request, error: unknown): unknown {
  if (error instanceof UnauthorizedError) return redirect(loginPath(request));
  if (error instanceof ForbiddenError || error instanceof NotFoundError) return notFoundPage();
  return error;
}

/**
 * The 404 page, for a screen to throw (the error boundary draws it). `body` is for a form
 * posted by a fetcher, which shows its message in place.
 */
export function notFoundPage(body: unknown = null) {
  return data(body, { status: 404 });
}

/** In a screen's error handler: a domain NotFoundError becomes the 404 page; other errors are left to the caller. */
export function throwIfNotFound(error: unknown, body?: unknown): void {
  if (error instanceof NotFoundError) throw notFoundPage(body);
}

/** What a screen loads, or the 404 page when the domain does not find it (another shop's, a stale id). */
export async function orNotFound<T>(lookup: Promise<T>, body?: unknown): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    throwIfNotFound(error, body);
    throw error;
  }
}

/** The login page, coming back to the requested page afterwards. */
export function loginPath(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}
