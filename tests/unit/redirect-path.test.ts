import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/http/forms.server";

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
});
