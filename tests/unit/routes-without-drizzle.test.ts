import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findUserById, rememberUserLanguage } from "~/domain/accounts/users.server";
import { findShopOwnedBy } from "~/domain/shops/shops.server";
import { createShop, createUser } from "./factories";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("queries live in the domain", () => {
  it("no route, component, HTTP adapter or middleware runs drizzle or opens the database", () => {
    const offenders = ["app/routes", "app/components", "app/http", "app/middleware"]
      .flatMap(sourceFiles)
      .filter((file) => /from "drizzle-orm"|from "~db\/client"|getDatabase\(/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("rememberUserLanguage saves the language a signed-in user switched to", async () => {
    const user = await createUser({ language: "en" });
    await rememberUserLanguage(user.id, "fr");
    expect((await findUserById(user.id))?.language).toBe("fr");
  });

  it("findShopOwnedBy finds the seller's shop, live or not", async () => {
    const shop = await createShop({ isLive: false });
    expect((await findShopOwnedBy(shop.ownerId))?.id).toBe(shop.id);
    expect(await findShopOwnedBy((await createUser()).id)).toBeUndefined();
  });
});
