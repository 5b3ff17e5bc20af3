// `npm run admin -- approve <email>` or `npm run admin -- reject <email> [<reason>]`.
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
process.env.NODE_ENV ??= "production";
const { runAdminCommand, ConfigError } = await import("../build/server/index.js");
try {
  console.log(await runAdminCommand(process.argv.slice(2)));
  process.exit(0);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error.message ?? error));
  process.exit(1);
}
