import { z } from "zod";
import "./zod-config";

/** zod's full build, its generic issues turned into translation keys (`zod-config.ts`). */
export { z };
