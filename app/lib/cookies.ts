/**
 * Reading and writing cookies goes through the `cookie` package (the same one React Router's
 * `createCookie` and express use): no hand-built `Set-Cookie` strings, no hand-written parser.
 * Our values are plain (random tokens, a language code), not React Router's signed or
 * base64-JSON cookies: the CSRF token is read by scripts and cookies already in browsers
 * must keep working, so `createCookie`'s encoding is not used.
 */
import { parse, serialize, type CookieSerializeOptions } from "cookie";

export type CookieOptions = Pick<CookieSerializeOptions, "domain" | "httpOnly" | "maxAge" | "path" | "secure"> & {
  sameSite?: "lax" | "strict";
};

/** A `Set-Cookie` value (or a `document.cookie` assignment). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return serialize(name, value, options);
}

/** The value of `name` in a `Cookie` header (the first one when the browser sends several). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return header ? parse(header)[name] : undefined;
}

/**
 * Every value of `name`, in the header's order. Browsers send cookies of the same name set
 * for different scopes (host-only and a parent domain), longer paths and older ones first.
 */
export function readCookieValues(header: string | null | undefined, name: string): string[] {
  if (!header) return [];
  // `;` separates cookie pairs in a Cookie header; each pair is parsed by the library.
  return header.split(";").flatMap((pair) => {
    const value = parse(pair)[name];
    return value === undefined ? [] : [value];
  });
}
