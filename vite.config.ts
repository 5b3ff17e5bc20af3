import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * Components' `react-i18next` is our own `useTranslation`, the same translator over the
 * page's language file in both builds. In the browser (`app/lib/i18n-client.ts`) i18next and
 * react-i18next would weigh 19 kB gzipped on every page, more than the page's own code; on
 * the server (`app/lib/i18n-render.server.tsx`) their per-call wrapper cost a few per cent of
 * every render. Loaders, actions and mails use i18next itself.
 */
function componentTranslations(): Plugin {
  const browser = path.resolve("app/lib/i18n-client.ts");
  const server = path.resolve("app/lib/i18n-render.server.tsx");
  return {
    name: "component-translations",
    enforce: "pre",
    resolveId(source) {
      if (this.environment.name !== "client") return source === "react-i18next" ? server : null;
      if (source === "react-i18next") return browser;
      if (source === "react-router") return path.resolve("node_modules/react-router/dist/production/index.mjs");
      if (source === "react-router/dom") return path.resolve("node_modules/react-router/dist/production/dom-export.mjs");
      return null;
    },
  };
}

/**
 * The checkout's client validation (`checkout-validation.ts`, loaded on the form's first
 * focus) gets zod and the schemas as a copy of its own, in zod/mini: about 12 kB gzipped
 * instead of the 26 kB of zod's full build (decision 014). The other pages' forms use the full
 * build, and a zod module shared by both would carry everything the full build needs; the
 * modules imported under the validation (zod's, `app/schemas/`) get their ids marked, so
 * Rollup bundles them apart.
 */
function checkoutValidationWithOwnZod(): Plugin {
  const MARK = "?checkout-validation";
  const entry = path.resolve("app/components/checkout/checkout-validation.ts");
  const copied = [path.resolve("node_modules/zod") + "/", path.resolve("app/schemas") + "/"];
  return {
    name: "checkout-validation-with-own-zod",
    enforce: "pre",
    async resolveId(source, importer) {
      if (this.environment.name !== "client" || !importer || !(importer === entry || importer.endsWith(MARK))) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || resolved.external || !copied.some((folder) => resolved.id.startsWith(folder))) return resolved;
      return { ...resolved, id: resolved.id.split("?")[0] + MARK };
    },
  };
}

/**
 * The small modules every page loads (the shells' and the root's pieces, React's JSX runtime
 * and DOM entry) go into one chunk. Left to Rollup they were a dozen files of 100 B to 1.5 kB
 * each, gzipped apart: about 4 kB more per page than the same code in one file, and a dozen
 * requests (docs/performance.md, "JavaScript shipped per page type").
 */
const EVERY_PAGE_MODULES = [
  "node_modules/react/jsx-runtime.js",
  "node_modules/react/cjs/react-jsx-runtime.production.js",
  "node_modules/react-dom/index.js",
  "node_modules/react-dom/cjs/react-dom.production.js",
  "app/lib/class-names.ts",
  "app/lib/i18n-client.ts",
  "app/lib/page-meta.ts",
  "app/components/request-id.tsx",
  "app/components/site/root-data.ts",
  "app/components/site/language-switcher.tsx",
  "app/components/ui/button.tsx",
  "app/components/ui/icons.tsx",
  "app/components/ui/mobile-sheet.tsx",
  "app/components/ui/toasts.tsx",
  "app/components/ui/use-details-dismiss.ts",
].map((file) => path.resolve(file));

function everyPageChunk(id: string): string | undefined {
  return EVERY_PAGE_MODULES.includes(id) ? "every-page" : undefined;
}

/**
 * The server build's two entries keep their names (`index.js`, `supervisor.js`): React
 * Router names every entry of it `index.js` (`index2.js` for the second, in no set order).
 */
function serverEntryNames(): Plugin {
  return {
    name: "server-entry-names",
    outputOptions(options) {
      if (this.environment?.name !== "ssr") return null;
      return { ...options, entryFileNames: (chunk) => (chunk.name === "supervisor" ? "supervisor.js" : "index.js") };
    },
  };
}

// The server bundle's entry is our own `server/app.ts` (express app, request handler and
// database bootstrap), so one build contains everything `npm start` and the tests need; its
// second entry, `server/supervisor.ts`, is the little a node's primary loads (server.js).
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild
      ? { input: { index: "./server/app.ts", supervisor: "./server/supervisor.ts" } }
      : { output: { manualChunks: everyPageChunk } },
    // The browser's code is minified by terser, two passes: about 3 kB gzipped less per page
    // than esbuild's minifier, mostly in React Router's part of the every-page chunk (docs/performance.md, "Chunks").
    ...(isSsrBuild ? {} : { minify: "terser" as const, terserOptions: { compress: { passes: 2 } } }),
  },
  ssr: {
    // Native and Node-only packages stay external; they are loaded from node_modules.
    external: ["better-sqlite3", "sharp"],
    // Not external, so that the dev server resolves it through componentTranslations() as the
    // build does: Vite's dev server keeps an external's bare name and Node loads the real
    // react-i18next, whose `i18n.language` is unset there (every page with an amount failed).
    noExternal: ["react-i18next"],
  },
  plugins: [componentTranslations(), checkoutValidationWithOwnZod(), tailwindcss(), reactRouter(), tsconfigPaths(), serverEntryNames()],
}));
