// `npm start`: builds if needed, then serves the production build (migrations and demo
// data are applied by the server on start).
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
process.env.NODE_ENV = "production";
await import("../server.js");
