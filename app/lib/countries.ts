/** A country's name in the reader's language (ISO 3166-1 alpha-2 code in, the code itself if unknown). */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The countries a seller can choose, named and sorted in the reader's language. */
export function countryOptions(codes: readonly string[], language: string): { value: string; label: string }[] {
  return codes
    .map((code) => ({ value: code, label: countryName(code, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
