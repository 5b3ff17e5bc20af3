// The checkout's client validation is built from zod/mini (decision 014): neither it nor a
// chunk it imports holds zod's full build. Reads the browser build (`react-router build`).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const assets = path.resolve("build/client/assets");
const read = (file: string) => fs.readFileSync(path.join(assets, file), "utf8");
// zod's constructors are named in the bundle: the full build's "ZodObject", zod/mini's "ZodMiniObject".
const FULL_BUILD = /"Zod(Object|String|Pipe)"/;

describe("the checkout's validation chunk", () => {
  it("carries zod/mini and not zod's full build, in itself or in what it imports", () => {
    const chunks = fs.readdirSync(assets).filter((file) => /^checkout-validation-[\w-]+\.js$/.test(file));
    expect(chunks).toHaveLength(1);
    const [chunk] = chunks as [string];
    const code = read(chunk);
    expect(code).toContain('"ZodMiniObject"');
    const imported = [...code.matchAll(/from\s*"\.\/([\w.-]+\.js)"/g)].map((match) => match[1] as string);
    expect(imported.length).toBeGreaterThan(0);
    for (const file of [chunk, ...imported]) expect(read(file), file).not.toMatch(FULL_BUILD);
  });

  it("the other pages' forms still have zod's full build (the test reads the right names)", () => {
    const files = fs.readdirSync(assets).filter((file) => file.endsWith(".js"));
    expect(files.some((file) => FULL_BUILD.test(read(file)))).toBe(true);
  });
});
