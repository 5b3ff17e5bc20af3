/**
 * The countries of ISO 3166-1 alpha-2 (every officially assigned code). Names come from
 * `Intl.DisplayNames` (Node's full ICU on the server, the browser's own there), so no list of
 * names (and no package) is kept here.
 */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
  "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
  "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
  "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
  "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const KNOWN = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return KNOWN.has(value);
}

const displayNames = new Map<string, Intl.DisplayNames>();
function namesIn(language: string): Intl.DisplayNames {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: "region", fallback: "code" });
    displayNames.set(language, names);
  }
  return names;
}

/**
 * A country's name in the reader's language (ISO 3166-1 alpha-2 code in). Anything that is
 * not a code (an order placed when the country was free text) is shown as it was typed.
 */
export function countryName(value: string, language: string): string {
  if (!isCountryCode(value)) return value;
  try {
    return namesIn(language).of(value) ?? value;
  } catch {
    return value;
  }
}

/** The countries a seller can choose, named and sorted in the reader's language. */
export function countryOptions(codes: readonly string[], language: string): { value: string; label: string }[] {
  return codes
    .map((code) => ({ value: code, label: countryName(code, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}

/** Compared without case, accents, apostrophes' kind or surrounding spaces: "cote d'ivoire" is "Côte d’Ivoire". */
function comparable(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").replace(/[’‘`]/g, "'").replace(/\s+/g, " ").trim().toLowerCase();
}

let byName: Map<string, string> | null = null;
function codesByName(): Map<string, string> {
  if (!byName) {
    byName = new Map();
    for (const code of COUNTRY_CODES)
      for (const language of ["en", "fr"] as const) byName.set(comparable(namesIn(language).of(code)!), code);
  }
  return byName;
}

/**
 * The code a shopper's or a client's country means: a code (any case) or the country's name
 * in English or French ("France", "belgique"); null when it is none of them.
 */
export function resolveCountry(value: string): string | null {
  const trimmed = value.trim();
  if (/^[a-z]{2}$/i.test(trimmed)) return isCountryCode(trimmed.toUpperCase()) ? trimmed.toUpperCase() : null;
  return codesByName().get(comparable(trimmed)) ?? null;
}

/** Every country for the checkout's list in the shopper's language: `first` (the shop's own) on top, then by name. */
export function checkoutCountryOptions(language: string, first: string | null): [code: string, name: string][] {
  // Every checkout page shows one: kept per language and first country.
  const key = `${language}:${first ?? ""}`;
  let options = builtOptions.get(key);
  if (!options) {
    options = buildCountryOptions(language, first);
    builtOptions.set(key, options);
  }
  return options;
}
const builtOptions = new Map<string, [string, string][]>();

function buildCountryOptions(language: string, first: string | null): [string, string][] {
  const names = namesIn(language);
  const collator = new Intl.Collator(language);
  const options = COUNTRY_CODES.map((code): [string, string] => [code, names.of(code) ?? code]).sort((a, b) =>
    collator.compare(a[1], b[1]),
  );
  const top = options.findIndex(([code]) => code === first);
  if (top > 0) options.unshift(...options.splice(top, 1));
  return options;
}
