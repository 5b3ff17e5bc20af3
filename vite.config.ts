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

// The server bundle's entry is our own `server/app.ts` (express app, request handler and
// database bootstrap), so one build contains everything `npm start` and the tests need.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  ssr: {
    // Native and Node-only packages stay external; they are loaded from node_modules.
    external: ["better-sqlite3", "sharp"],
  },
  plugins: [componentTranslations(), tailwindcss(), reactRouter(), tsconfigPaths()],
}));
