// ESLint flat config: the recommended rule sets, no import cycles, and the layer rule
// (docs/architecture.md, "Layers and the import rule", explains the layers). Formatting is Prettier's job
// (`npm run lint` = `eslint . && prettier --check .`), so eslint-config-prettier comes last.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const sourceFiles = ["**/*.{js,mjs,ts,tsx}"];

// Layers, highest first. A file may import the layers listed in `mayImport`: its own and the
// ones below it. Tests, scripts and the server bundle entry (server/) may import anything.
const layers = [
  { type: "routes", pattern: "app/routes" },
  { type: "components", pattern: "app/components" },
  { type: "http", pattern: "app/http" },
  { type: "middleware", pattern: "app/middleware" },
  { type: "domain", pattern: "app/domain" },
  { type: "schemas", pattern: "app/schemas" },
  { type: "lib", pattern: "app/lib" },
  { type: "db", pattern: "db" },
  // Last, so that it only takes the files directly in app/: root.tsx, entry.*, routes.ts and
  // config.server.ts (told apart by path below).
  { type: "app", pattern: "app" },
];
const root = { type: "app", fileInternalPath: "!config.server.ts" };
const config = { type: "app", fileInternalPath: "config.server.ts" };

const mayImport = {
  routes: ["routes", "components", "http", "middleware", "domain", "schemas", config, "lib"],
  components: ["components", "http", "middleware", "domain", "schemas", "lib"],
  http: ["http", "middleware", "domain", "schemas", config, "lib"],
  middleware: ["middleware", "http", "domain", "schemas", config, "lib"],
  domain: ["domain", "schemas", config, "lib", "db"],
  schemas: ["schemas", "lib"],
  // The bottom layer: configuration, isomorphic helpers and the database, which use one another
  // (config reads the database URL parser, the logger reads the config, demo data computes fees).
  lib: ["lib", config],
  db: ["db", "lib"],
};
const element = (selector) => (typeof selector === "string" ? { type: selector } : selector);

export default tseslint.config(
  {
    ignores: ["build/", "bench/bare/build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "public/"],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  { files: sourceFiles, ...js.configs.recommended },
  ...tseslint.configs.recommended,
  {
    files: sourceFiles,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["app/**/*.tsx", "tests/e2e/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.tsx"],
    ...react.configs.flat.recommended,
    settings: { react: { version: "detect" } },
  },
  { files: ["**/*.tsx"], ...react.configs.flat["jsx-runtime"] },
  { files: ["app/**/*.tsx", "app/components/**/*.ts"], ...reactHooks.configs.flat.recommended },
  {
    files: sourceFiles,
    plugins: { "import-x": importX, boundaries },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
      "boundaries/elements": layers.map((layer) => ({ ...layer, partialMatch: false })),
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
      "import/resolver": { typescript: { project: "tsconfig.json" } },
    },
    rules: {
      // Type-only imports do not count: they vanish at compile time (useRootData's `typeof loader`).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            ...Object.entries(mayImport).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: to.map(element) } },
            })),
            { from: { element: config }, allow: { to: { element: [{ type: "lib" }, { type: "db" }] } } },
            // The root module and the entries import everything.
            { from: { element: root }, allow: { to: { element: { type: "*" } } } },
            // Only types travel up, to the module whose loader data a component renders (the root
            // loader for useRootData, a route's loader for its page component).
            {
              from: { element: { type: "components" } },
              allow: { to: { element: [root, { type: "routes" }] }, dependency: { kind: "type" } },
            },
            { from: { element: { type: "routes" } }, allow: { to: { element: root }, dependency: { kind: "type" } } },
            // Queries live in the domain: above it, the database's row types only (`User`, `Shop`).
            {
              from: { element: ["routes", "components", "http", "middleware"].map(element) },
              allow: { to: { element: { type: "db" } }, dependency: { kind: "type" } },
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      // An unused parameter named `_x` is part of a signature kept on purpose (textDirection's language).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Every database call is awaited (docs/database.md, Dialect rules; PostgreSQL has no synchronous
    // driver): promise rules need type information, for the TypeScript files of the app, the
    // server bundle, the database code and the tests.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "db/**/*.ts", "tests/**/*.{ts,tsx}"],
    // tests/unit/lint-layers.test.ts lints sources that exist only in memory (`probe.*`): the
    // project has no types for them, and the layer rule it checks does not need any.
    ignores: ["**/probe.{ts,tsx}", "**/probe.server.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its errors and runs past the end of the request or
      // transaction; a deliberate one is written `void work()` with a comment saying why.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    // Queries are awaited: `const [row] = await db.select()...limit(1)`, `await db.insert(...)`,
    // `.returning()` to know what changed. drizzle's synchronous better-sqlite3 finishers do
    // not exist on PostgreSQL. (Map#get and friends always take an argument.)
    files: ["app/**/*.{js,ts,tsx}", "server/**/*.{js,ts}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[arguments.length=0][callee.type='MemberExpression'][callee.property.name=/^(get|all|run|values)$/]",
          message:
            "No synchronous drizzle finisher (.get/.all/.run/.values): await the query instead (`const [row] = await db.select()....limit(1)`; writes use .returning() to see what changed). See eslint.config.js and docs/architecture.md (Data).",
        },
      ],
    },
  },
  {
    // The CSS sanitiser strips control characters: its regular expressions name them on purpose.
    files: ["app/domain/shops/custom-css.server.ts"],
    rules: { "no-control-regex": "off" },
  },
  prettier,
);
