import type { Config } from "@react-router/dev/config";

// A React Router 7 app with nothing added: server rendering, the framework's defaults.
export default {
  ssr: true,
} satisfies Config;
