import * as z from "zod/mini";
import "./zod-config";

/**
 * zod's small build (`zod/mini`, functions instead of methods, so what a schema does not use
 * is left out of the bundle), its generic issues turned into translation keys: for the
 * schemas the browser loads, the checkout's (decision 014).
 */
export { z };
