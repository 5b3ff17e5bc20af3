import { describe, expect, it } from "vitest";
import { hostnameOf, isWellFormedHost, mainSiteUrlForUnknownShop, platformCookieDomain, siteFromHost } from "~/lib/host";

describe("siteFromHost (spec section 2, host logic)", () => {
  it.each([
    ["localhost", { kind: "main" }],
    ["localhost:3000", { kind: "main" }],
    ["127.0.0.1:3000", { kind: "main" }],
    ["10.0.0.12", { kind: "main" }],
    ["[::1]:3000", { kind: "main" }],
    ["example.com", { kind: "main" }],
    ["EXAMPLE.com:8080", { kind: "main" }],
  ])("%s is the main site", (host, expected) => {
    expect(siteFromHost(host)).toEqual(expected);
  });

  it.each([
    ["demo.localhost", "demo"],
    ["demo.localhost:3000", "demo"],
    ["Demo.LocalHost:3000", "demo"],
    ["shop.example.com", "shop"],
    ["a.b.example.com", "a"],
  ])("%s is the shop %s", (host, subdomain) => {
    expect(siteFromHost(host)).toEqual({ kind: "shop", subdomain });
  });

  it("uses the configured root domain when it has more than two labels", () => {
    expect(siteFromHost("shops.example.co.uk", "shops.example.co.uk")).toEqual({ kind: "main" });
    expect(siteFromHost("demo.shops.example.co.uk", "shops.example.co.uk")).toEqual({ kind: "shop", subdomain: "demo" });
    // Hosts outside the root domain still follow the spec's rules.
    expect(siteFromHost("demo.localhost:3000", "shops.example.co.uk")).toEqual({ kind: "shop", subdomain: "demo" });
  });

  it("strips the port and lower-cases", () => {
    expect(hostnameOf("Demo.Localhost:3000")).toBe("demo.localhost");
    expect(hostnameOf("[::1]:3000")).toBe("[::1]");
  });
});

describe("mainSiteUrlForUnknownShop", () => {
  const main = "https://example.com";

  it("sends a .localhost host to localhost with the same port and scheme", () => {
    expect(mainSiteUrlForUnknownShop("nope.localhost:3000", "http:", main)).toBe("http://localhost:3000");
    expect(mainSiteUrlForUnknownShop("x.y.localhost:4000", "http:", main)).toBe("http://localhost:4000");
    expect(mainSiteUrlForUnknownShop("Nope.LocalHost", "http:", main)).toBe("http://localhost");
  });

  it("sends any other host to the configured main site, never to a domain from the Host header", () => {
    expect(mainSiteUrlForUnknownShop("nope.example.com", "http:", main)).toBe(main);
    expect(mainSiteUrlForUnknownShop("shop.evil.com:3000", "http:", main)).toBe(main);
    expect(mainSiteUrlForUnknownShop("a.b.example.com", "http:", main)).toBe(main);
  });
});

describe("isWellFormedHost (the edge refuses what no URL can be built from)", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "demo.localhost:3000",
    "shop.example.com",
    "example.com.",
    "127.0.0.1:8080",
    "[::1]",
    "[::1]:3000",
    "a-b.example.com:65535",
  ])("accepts %s", (host) => {
    expect(isWellFormedHost(host)).toBe(true);
  });

  it.each([
    "localhost:99999",
    "localhost:0",
    "%00.localhost",
    "[::1",
    "[1:2:3]",
    "",
    "exa mple.com",
    "user@example.com",
    "example.com/path",
    "-demo.localhost",
    "demo..localhost",
    "localhost:",
    "x".repeat(256),
  ])("refuses %j", (host) => {
    expect(isWellFormedHost(host)).toBe(false);
  });

  it("refuses a missing header", () => {
    expect(isWellFormedHost(undefined)).toBe(false);
    expect(isWellFormedHost(null)).toBe(false);
  });
});

describe("platformCookieDomain", () => {
  it("is the platform's domain on the main site and on its shops", () => {
    expect(platformCookieDomain("example.com", "example.com")).toBe("example.com");
    expect(platformCookieDomain("demo.example.com:443", "example.com")).toBe("example.com");
    expect(platformCookieDomain("demo.shops.example.co.uk", "shops.example.co.uk")).toBe("shops.example.co.uk");
  });

  it("follows the spec's host logic for hosts outside ROOT_DOMAIN", () => {
    expect(platformCookieDomain("livecart.test:3100", "localhost:3100")).toBe("livecart.test");
    expect(platformCookieDomain("demo.livecart.test:3100", "localhost:3100")).toBe("livecart.test");
  });

  it("is undefined where browsers keep cookies host-only: localhost and IP addresses", () => {
    expect(platformCookieDomain("localhost:3000", "localhost:3000")).toBeUndefined();
    expect(platformCookieDomain("demo.localhost:3000", "localhost:3000")).toBeUndefined();
    expect(platformCookieDomain("127.0.0.1:3000", "localhost:3000")).toBeUndefined();
    expect(platformCookieDomain("[::1]:3000", "localhost:3000")).toBeUndefined();
  });
});
