import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { matchesEtag, pageEncoding, pageEtag } from "~/middleware/page-cache.server";
import { contentSecurityPolicy, inlineScriptSources } from "~/middleware/security-headers.server";

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("a page's inline scripts in its policy", () => {
  it("lists each inline script once by its hash, and no external or empty script", () => {
    const hydration = 'window.__reactRouterContext = {"basename":"/"};';
    const loader = 'import "/assets/entry.client-abc.js";';
    const html = [
      "<!DOCTYPE html><html><head>",
      '<script src="/assets/x.js"></script>',
      `<script>${hydration}</script>`,
      `<script type="module" async="">${loader}</script>`,
      `<SCRIPT>${hydration}</SCRIPT>`,
      "<script></script>",
      "<script>é → ü</script>",
      "</head></html>",
    ].join("\n");
    expect(inlineScriptSources(html)).toEqual([sha256(hydration), sha256(loader), sha256("é → ü")]);
    expect(inlineScriptSources("<p>no scripts</p>")).toEqual([]);
  });

  it("puts the hashes in script-src, and in development 'unsafe-inline' instead (a hash would switch it off)", () => {
    const hashes = [sha256("a"), sha256("b")];
    expect(contentSecurityPolicy(hashes, false)).toContain(`script-src 'self' ${hashes.join(" ")} https://js.stripe.com;`);
    const development = contentSecurityPolicy(hashes, true);
    expect(development).toContain("script-src 'self' 'unsafe-inline' https://js.stripe.com;");
    expect(development).not.toContain("sha256");
    expect(contentSecurityPolicy([], false)).toContain("script-src 'self' https://js.stripe.com;");
  });
});

describe("a public page's validator", () => {
  it("is a weak ETag that changes with the page's bytes", () => {
    const etag = pageEtag(Buffer.from("<p>a</p>"));
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    expect(pageEtag(Buffer.from("<p>a</p>"))).toBe(etag);
    expect(pageEtag(Buffer.from("<p>b</p>"))).not.toBe(etag);
  });

  it("matches If-None-Match by weak comparison, in a list, or *", () => {
    const etag = 'W/"abc"';
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', etag)).toBe(true);
    expect(matchesEtag("*", etag)).toBe(true);
    expect(matchesEtag('W/"abcd"', etag)).toBe(false);
    expect(matchesEtag("", etag)).toBe(false);
    expect(matchesEtag(null, etag)).toBe(false);
  });
});

describe("the encoding a public page is sent in", () => {
  it("is brotli, then gzip, as Accept-Encoding takes them; none without the header or when both are refused", () => {
    expect(pageEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pageEncoding("gzip")).toBe("gzip");
    expect(pageEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pageEncoding("GZIP;Q=1")).toBe("gzip");
    expect(pageEncoding("*")).toBe("br");
    expect(pageEncoding("*, br;q=0")).toBe("gzip");
    expect(pageEncoding("identity")).toBeNull();
    expect(pageEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(pageEncoding("")).toBeNull();
    expect(pageEncoding(null)).toBeNull();
  });
});
