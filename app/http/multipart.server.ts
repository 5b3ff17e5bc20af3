/** Splits a form into its text fields and one optional file field. */
export async function formFieldsAndFile(formData: FormData, fileField: string): Promise<{ fields: Record<string, string>; file: Uint8Array | null }> {
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
