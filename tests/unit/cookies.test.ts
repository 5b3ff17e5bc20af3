import { describe, expect, it } from "vitest";
import { csrfCookie } from "~/middleware/csrf.server";
import { sessionCookie } from "~/middleware/session.server";
import { readCookie, readCookieValues } from "~/lib/cookies";

const attributes = (setCookie: string) => setCookie.split("; ").slice(1).sort();
const http = new Request("http://localhost:3000/");
const https = new Request("https://example.com/");

describe("cookies built by the library keep their names and attributes", () => {
  it("session: HttpOnly, SameSite=Lax, host-only; __Host- and Secure over HTTPS", () => {
    const plain = sessionCookie(http, "tok", 60);
    expect(plain.startsWith("sid=tok; ")).toBe(true);
    expect(attributes(plain)).toEqual(["HttpOnly", "Max-Age=60", "Path=/", "SameSite=Lax"]);
    const secure = sessionCookie(https, "tok", 0);
    expect(secure.startsWith("__Host-sid=tok; ")).toBe(true);
    expect(attributes(secure)).toEqual(["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax", "Secure"]);
  });

  it("CSRF: readable by scripts (no HttpOnly), one year, Secure over HTTPS", () => {
    expect(csrfCookie("abc", false)).toBe("csrftoken=abc; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(attributes(csrfCookie("abc", true))).toEqual(["Max-Age=31536000", "Path=/", "SameSite=Lax", "Secure"]);
  });
});

describe("reading the Cookie header", () => {
  it("returns the plain value, the first one when a name repeats, and nothing for an absent name", () => {
    expect(readCookie("a=1; sid=tok_-9; b=2", "sid")).toBe("tok_-9");
    expect(readCookie("sid=first; sid=second", "sid")).toBe("first");
    expect(readCookie("sidx=1", "sid")).toBeUndefined();
    expect(readCookie(null, "sid")).toBeUndefined();
    expect(readCookie("sid=a%20b", "sid")).toBe("a b");
  });

  it("lists every value of a repeated name in order", () => {
    expect(readCookieValues("i18nextLng=en; x=1; i18nextLng=fr", "i18nextLng")).toEqual(["en", "fr"]);
    expect(readCookieValues("", "i18nextLng")).toEqual([]);
  });
});
