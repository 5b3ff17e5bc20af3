import { describe, expect, it } from "vitest";
import { parseCustomDomain } from "~/lib/domain-name";

describe("parseCustomDomain (issue 30: a seller's own domain)", () => {
  const root = "livecart.example:3000";

  it.each([
    ["boutique-lea.fr", "boutique-lea.fr"],
    ["shop.lea.fr", "shop.lea.fr"],
    ["  Boutique-Lea.FR  ", "boutique-lea.fr"],
    // IDN: stored as punycode, whether typed in Unicode or already in punycode.
    ["Bücher.de", "xn--bcher-kva.de"],
    ["xn--bcher-kva.de", "xn--bcher-kva.de"],
    ["例え.jp", "xn--r8jz45g.jp"],
    // Names that merely end like ours are someone else's.
    ["notlivecart.example", "notlivecart.example"],
    [`${"a".repeat(63)}.fr`, `${"a".repeat(63)}.fr`],
  ])("%j is %s", (input, domain) => {
    expect(parseCustomDomain(input, root)).toEqual({ ok: true, domain });
  });

  it.each([
    ["https://boutique-lea.fr", "scheme"],
    ["http://boutique-lea.fr/", "scheme"],
    ["//boutique-lea.fr", "scheme"],
    ["boutique-lea.fr/shop", "path"],
    ["boutique-lea.fr?x=1", "path"],
    ["boutique-lea.fr#top", "path"],
    ["boutique-lea.fr:8443", "port"],
    ["boutique-lea.fr:", "port"],
    ["boutique lea.fr", "invalid"],
    ["boutique-lea.fr\tx", "invalid"],
    ["", "invalid"],
    ["   ", "invalid"],
    ["boutique-lea.fr.", "trailing_dot"],
    [`${"a".repeat(64)}.fr`, "too_long"],
    [`${"abcdefghi.".repeat(26)}fr`, "too_long"],
    ["192.168.1.10", "ip"],
    ["0x7f.1", "ip"],
    ["999.1.1.1", "ip"],
    ["::1", "ip"],
    ["[::1]", "ip"],
    ["[2001:db8::1]:443", "ip"],
    ["localhost", "localhost"],
    ["shop.localhost", "localhost"],
    ["livecart.example", "own_domain"],
    ["LIVECART.example", "own_domain"],
    ["demo.livecart.example", "own_domain"],
    ["a.b.livecart.example", "own_domain"],
    ["boutique", "invalid"],
    ["-lea.fr", "invalid"],
    ["lea-.fr", "invalid"],
    ["lea_shop.fr", "invalid"],
    ["lea..fr", "invalid"],
    [".lea.fr", "invalid"],
    ["lea.123", "invalid"],
    ["lea@shop.fr", "invalid"],
  ])("%j is refused: %s", (input, error) => {
    expect(parseCustomDomain(input, root)).toEqual({ ok: false, error });
  });

  it("refuses the root domain whatever its port or final dot in the configuration", () => {
    expect(parseCustomDomain("shops.example.co.uk", "example.co.uk.")).toEqual({ ok: false, error: "own_domain" });
    expect(parseCustomDomain("example.co.uk", "EXAMPLE.co.uk:8080")).toEqual({ ok: false, error: "own_domain" });
  });
});
