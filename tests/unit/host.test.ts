import { describe, expect, it } from "vitest";
import { hostnameOf, mainHostFor, siteFromHost } from "~/lib/host";

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

describe("mainHostFor", () => {
  it("drops the first label and keeps the port (a .localhost shop goes to localhost)", () => {
    expect(mainHostFor("nope.localhost:3000")).toBe("localhost:3000");
    expect(mainHostFor("nope.example.com")).toBe("example.com");
  });
});
