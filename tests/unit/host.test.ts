import { describe, expect, it } from "vitest";
import { hostnameOf, isWellFormedHost, platformCookieDomain, siteFromHost } from "~/lib/host";

describe("siteFromHost (spec section 2, host logic, among the platform's own names)", () => {
  // The default ROOT_DOMAIN, and how the tests run (localhost with their port).
  const root = "localhost:3000";

  it.each([
    ["localhost", { kind: "main" }],
    ["localhost:3000", { kind: "main" }],
    ["localhost:4000", { kind: "main" }],
    ["127.0.0.1:3000", { kind: "main" }],
    ["10.0.0.12", { kind: "main" }],
    ["[::1]:3000", { kind: "main" }],
  ])("%s is the main site", (host, expected) => {
    expect(siteFromHost(host, root)).toEqual(expected);
  });

  it.each([
    ["demo.localhost", "demo"],
    ["demo.localhost:3000", "demo"],
    ["demo.localhost:3100", "demo"],
    ["Demo.LocalHost:3000", "demo"],
    ["demo.localhost.:3000", "demo"],
  ])("%s is the shop %s (the port is not compared, as in the spec's rules)", (host, subdomain) => {
    expect(siteFromHost(host, root)).toEqual({ kind: "shop", subdomain });
  });

  it.each([
    "demo.evil.example",
    "evil.example",
    "example.com",
    "x.demo.localhost",
    "x.demo.localhost:3000",
    "demo.localhost.evil.example",
    "localhost.evil.example",
    "demolocalhost",
  ])("%s is none of ours", (host) => {
    expect(siteFromHost(host, root)).toEqual({ kind: "foreign" });
  });

  it("serves shops on the direct subdomains of the configured domain only, and the main site on it", () => {
    expect(siteFromHost("example.com", "example.com")).toEqual({ kind: "main" });
    expect(siteFromHost("EXAMPLE.com:8080", "example.com")).toEqual({ kind: "main" });
    expect(siteFromHost("example.com.", "example.com")).toEqual({ kind: "main" });
    expect(siteFromHost("shop.example.com", "example.com")).toEqual({ kind: "shop", subdomain: "shop" });
    expect(siteFromHost("a.b.example.com", "example.com")).toEqual({ kind: "foreign" });
    expect(siteFromHost("shop.example.org", "example.com")).toEqual({ kind: "foreign" });
    expect(siteFromHost("shopexample.com", "example.com")).toEqual({ kind: "foreign" });
    // localhost and addresses stay the main site whatever the domain (development, load balancers).
    expect(siteFromHost("localhost:3000", "example.com")).toEqual({ kind: "main" });
    expect(siteFromHost("192.168.1.20", "example.com")).toEqual({ kind: "main" });
    // The local names are ours only when the platform runs on localhost.
    expect(siteFromHost("demo.localhost:3000", "example.com")).toEqual({ kind: "foreign" });
  });

  it("uses the configured root domain when it has more than two labels", () => {
    expect(siteFromHost("shops.example.co.uk", "shops.example.co.uk")).toEqual({ kind: "main" });
    expect(siteFromHost("demo.shops.example.co.uk", "shops.example.co.uk")).toEqual({ kind: "shop", subdomain: "demo" });
    expect(siteFromHost("example.co.uk", "shops.example.co.uk")).toEqual({ kind: "foreign" });
  });

  it("has no shops under a root domain that is an IP address", () => {
    expect(siteFromHost("10.0.0.5:3000", "10.0.0.5:3000")).toEqual({ kind: "main" });
    expect(siteFromHost("demo.10.0.0.5:3000", "10.0.0.5:3000")).toEqual({ kind: "foreign" });
  });

  it("strips the port and lower-cases", () => {
    expect(hostnameOf("Demo.Localhost:3000")).toBe("demo.localhost");
    expect(hostnameOf("[::1]:3000")).toBe("[::1]");
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
    expect(platformCookieDomain("livecart.test:3100", "livecart.test:3100")).toBe("livecart.test");
    expect(platformCookieDomain("demo.livecart.test:3100", "livecart.test:3100")).toBe("livecart.test");
  });

  it("is undefined for a host outside the platform's domain, and without the domain", () => {
    expect(platformCookieDomain("livecart.test:3100", "localhost:3100")).toBeUndefined();
    expect(platformCookieDomain("demo.evil.example", "example.com")).toBeUndefined();
    expect(platformCookieDomain("x.demo.example.com", "example.com")).toBeUndefined();
    expect(platformCookieDomain("localhost:3000", "example.com")).toBeUndefined();
    expect(platformCookieDomain("example.com", undefined)).toBeUndefined();
  });

  it("is undefined where browsers keep cookies host-only: localhost and IP addresses", () => {
    expect(platformCookieDomain("localhost:3000", "localhost:3000")).toBeUndefined();
    expect(platformCookieDomain("demo.localhost:3000", "localhost:3000")).toBeUndefined();
    expect(platformCookieDomain("127.0.0.1:3000", "localhost:3000")).toBeUndefined();
    expect(platformCookieDomain("[::1]:3000", "localhost:3000")).toBeUndefined();
  });
});
