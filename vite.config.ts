import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

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
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
