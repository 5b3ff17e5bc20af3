import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The layer rule of eslint.config.js, checked on small sources placed in each layer (the
// imported modules are real, so the resolver finds them). Only the boundaries rule is read.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === "boundaries/dependencies" });
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === "boundaries/dependencies").map((m) => m.message);
}

// The first lint loads the config and the resolver: slow on a busy machine.
describe("layers", { timeout: 60_000 }, () => {
  it("refuses a domain file importing middleware or http", async () => {
    const errors = await layerErrors(
      "app/domain/orders/probe.server.ts",
      'import { siteContext } from "~/middleware/site.server";\nimport { orderViewer } from "~/http/shopper.server";\nexport const probe = [siteContext, orderViewer];\n',
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('"domain" to elements of type "middleware"');
    expect(errors[1]).toContain('"domain" to elements of type "http"');
  });

  it("refuses lib importing the domain, and db importing the domain", async () => {
    const lib = await layerErrors(
      "app/lib/probe.ts",
      'import { DomainError } from "~/domain/errors.server";\nexport const probe = DomainError;\n',
    );
    const db = await layerErrors(
      "db/probe.ts",
      'import { DomainError } from "~/domain/errors.server";\nexport const probe = DomainError;\n',
    );
    expect(lib).toHaveLength(1);
    expect(db).toHaveLength(1);
  });

  it("lets the domain import config, lib, schemas and db", async () => {
    const errors = await layerErrors(
      "app/domain/orders/probe.server.ts",
      [
        'import { getConfig } from "~/config.server";',
        'import { formatMoney } from "~/lib/money";',
        'import { refundSchema } from "~/schemas/refunds";',
        'import { getDatabase } from "~db/client";',
        "export const probe = [getConfig, formatMoney, refundSchema, getDatabase];",
      ].join("\n"),
    );
    expect(errors).toEqual([]);
  });

  it("keeps queries in the domain: above it, only the database's row types", async () => {
    const value = await layerErrors(
      "app/routes/probe.ts",
      'import { getDatabase } from "~db/client";\nexport const probe = getDatabase;\n',
    );
    const typeOnly = await layerErrors("app/http/probe.server.ts", 'import type { User } from "~db/schema";\nexport type Probe = User;\n');
    expect(value).toHaveLength(1);
    expect(value[0]).toContain('"routes" to elements of type "db"');
    expect(typeOnly).toEqual([]);
  });

  it("lets a component import the root loader's type, not its values", async () => {
    const typeOnly = await layerErrors(
      "app/components/site/probe.ts",
      'import type { loader } from "~/root";\nexport type Probe = typeof loader;\n',
    );
    const value = await layerErrors("app/components/site/probe.ts", 'import { links } from "~/root";\nexport const probe = links;\n');
    expect(typeOnly).toEqual([]);
    expect(value).toHaveLength(1);
    expect(value[0]).toContain('"components" to elements of type "app"');
  });
});
