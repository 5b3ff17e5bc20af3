import { data, type MiddlewareFunction } from "react-router";
import { ValidationError } from "~/domain/errors.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { isApiPath } from "~/middleware/site.server";
import { controlCharacterField, hasControlCharacter, MULTILINE_FIELDS } from "~/schemas/text-input";

/**
 * Typed text with a control character in it is refused where input is read, whichever the
 * surface (`~/schemas/text-input`): JSON bodies (`readJsonBody`), forms (`formAction`, the
 * API's multipart fields) and, here, the address itself (path and query), before any loader
 * or action reads it. The answer is a 400 that names the field.
 */
export function controlCharacterError(field: string): ValidationError {
  return new ValidationError("errors.control_characters", { [field]: ["validation.control_characters"] }, { field: field.slice(0, 100) });
}

/** Refuses parsed input (a JSON body: nested values too) holding a control character. */
export function refuseControlCharacters(input: unknown): void {
  const field = controlCharacterField(input);
  if (field !== null) throw controlCharacterError(field);
}

/** The error for a form whose text fields hold a control character (files are not text), or null. */
export function formControlCharacterError(formData: FormData): ValidationError | null {
  for (const [name, value] of formData) {
    if (typeof value === "string" && hasControlCharacter(value, MULTILINE_FIELDS.has(name))) return controlCharacterError(name);
  }
  return null;
}

/** The query parameter holding a control character, `""` for the path (or a parameter's name), or null. */
function controlCharacterInAddress(url: URL): string | null {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // A malformed escape names no resource: the router answers it (404).
    path = "";
  }
  if (hasControlCharacter(path)) return "";
  for (const [name, value] of url.searchParams) {
    if (hasControlCharacter(name)) return "";
    if (hasControlCharacter(value)) return name;
  }
  return null;
}

export const addressControlCharacterMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const url = new URL(request.url);
  const field = controlCharacterInAddress(url);
  if (field === null) return next();
  const t = getI18nInstance(context).t;
  const message = field ? t("errors.control_characters", { field: field.slice(0, 100) }) : t("errors.control_characters_address");
  if (isApiPath(url.pathname)) {
    return Response.json(field ? { message, errors: { [field]: [t("validation.control_characters")] } } : { message }, { status: 400 });
  }
  throw data({ message }, { status: 400 });
};
