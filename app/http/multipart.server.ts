import { ValidationError } from "~/domain/errors.server";
import { readJsonBody } from "./api.server";
import { formControlCharacterError } from "./text-input.server";

/** Splits a form into its text fields (refused when one holds a control character) and one optional file field. */
export async function formFieldsAndFile(
  formData: FormData,
  fileField: string,
): Promise<{ fields: Record<string, string>; file: Uint8Array | null }> {
  const refused = formControlCharacterError(formData);
  if (refused) throw refused;
  const fields: Record<string, string> = {};
  let file: Uint8Array | null = null;
  for (const [name, value] of formData) {
    if (name === fileField) {
      if (typeof value !== "string" && value.size > 0) file = new Uint8Array(await value.arrayBuffer());
    } else if (typeof value === "string") {
      fields[name] = value;
    }
  }
  return { fields, file };
}

/** A request body as fields plus one optional file: JSON, or a (multipart) form. */
export async function readFieldsAndFile(
  request: Request,
  fileField: string,
): Promise<{ fields: Record<string, unknown>; file: Uint8Array | null }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("json") || type === "") return { fields: await readJsonBody(request), file: null };
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new ValidationError("errors.malformed_form");
  }
  return formFieldsAndFile(formData, fileField);
}
