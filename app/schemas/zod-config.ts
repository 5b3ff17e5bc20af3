import { config } from "zod/mini";
import { messageKey } from "~/lib/messages";

/**
 * Imported for its effect by both zod builds' entries (`zod-messages.ts`, `zod-mini.ts`):
 * the configuration is zod's core's, shared by the two builds.
 *
 * Generic zod issues become translation keys, so every validation text is translated on
 * the server and in the browser. Schemas give specific keys for the spec's own texts.
 */
config({
  customError(issue) {
    if (issue.code === "invalid_type") {
      return issue.input === undefined || issue.input === null ? "validation.required" : "validation.invalid_type";
    }
    if (issue.code === "too_small") {
      if (issue.origin === "string") {
        return Number(issue.minimum) <= 1 ? "validation.required" : messageKey("validation.min_length", { minimum: Number(issue.minimum) });
      }
      return messageKey("validation.min_value", { minimum: Number(issue.minimum) });
    }
    if (issue.code === "too_big") {
      if (issue.origin === "string") return messageKey("validation.max_length", { maximum: Number(issue.maximum) });
      return messageKey("validation.max_value", { maximum: Number(issue.maximum) });
    }
    if (issue.code === "invalid_format") {
      return issue.format === "email" ? "validation.email" : issue.format === "url" ? "validation.url" : "validation.invalid";
    }
    if (issue.code === "invalid_value") return "validation.invalid_choice";
    if (issue.code === "unrecognized_keys") return "validation.unknown_field";
    return "validation.invalid";
  },
});
