import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/redirect-path";

describe("safeRedirectPath (redirect targets taken from the request)", () => {
  it("keeps paths of this site, with their query and fragment", () => {
    expect(safeRedirectPath("/account?section=profile", "/dashboard")).toBe("/account?section=profile");
    expect(safeRedirectPath("/orders/12#items", "/")).toBe("/orders/12#items");
    expect(safeRedirectPath("/products?search=a%20b", "/")).toBe("/products?search=a%20b");
  });

  it.each([
    "//evil.example.com/",
    "/\\evil.example.com",
    "/\t/example.org", // browsers drop the tab: //example.org
    "/\n/example.org",
    "/\r/example.org",
    "/\u2028/example.org",
    "/ /example.org",
    "https://example.org/",
    "javascript:alert(1)",
    "dashboard",
    "",
    // Dot segments removed, these would become protocol-relative (`//evil.example/...`).
    "/.//evil.example/phish",
    "/./\\evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/%2e/\\evil.example",
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value, "/dashboard")).toBe("/dashboard");
  });

  it("refuses missing values and files", () => {
    expect(safeRedirectPath(null, "/")).toBe("/");
    expect(safeRedirectPath(undefined, "/")).toBe("/");
    expect(safeRedirectPath(new File(["x"], "x.txt"), "/")).toBe("/");
  });

  it("percent-encodes what a Location header cannot carry", () => {
    expect(safeRedirectPath("/products?search=€", "/")).toBe("/products?search=%E2%82%AC");
    expect(safeRedirectPath("/é", "/")).toBe("/%C3%A9");
    expect(safeRedirectPath("/a/../b", "/")).toBe("/b");
  });

  it("keeps a double-encoded dot as an ordinary segment of this site", () => {
    // `%252e` is not a dot segment: it stays, and the path still starts with one `/`.
    expect(safeRedirectPath("/%252e//evil.example", "/")).toBe("/%252e//evil.example");
  });

  it("never answers a path a browser would read as another host", () => {
    const tricky = ["/.//x", "/%2e//x", "/..//x", "/./\\x", "/a/b/../..//x", "/%2e%2e/%2e//x", "/.//x?y=1#z"];
    for (const value of tricky) {
      const path = safeRedirectPath(value, "/fallback");
      expect(new URL(path, "https://shop.test").origin, value).toBe("https://shop.test");
      expect(path, value).not.toMatch(/^\/[/\\]/);
    }
  });
});
