// Reading a live chat's comment as a claim ("SOLD A7 M", "je prends a7 x2", "+1 B12 bleu L"):
// pure, shared by the claim path (app/domain/claims) and its tests. A comment is a claim when
// it holds one of the shop's claim words (whole words, any case, accents ignored) and a known
// product code; then optionally a variant named by its option values, in any order, and a
// quantity ("x2", "×2", "2"). Anything else is no claim, never an error.

/** Only the start of a comment is read: a claim is a few words, a 10 kB comment is noise. */
export const COMMENT_READ_LENGTH = 500;

/** At most this many code candidates are looked up per comment. */
const MAX_CODE_CANDIDATES = 32;

/** A product code: 1 to 8 letters or digits (stored in capitals). */
export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9]{1,8}$/;

/**
 * The comment as kept: control characters (Unicode's Cc) become spaces, spaces are collapsed,
 * and only the first COMMENT_READ_LENGTH characters stay (a surrogate pair is never cut).
 */
export function cleanComment(text: string): string {
  // eslint-disable-next-line no-control-regex
  const spaced = text.slice(0, COMMENT_READ_LENGTH * 4).replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  const collapsed = spaced.replace(/\s+/g, " ").trim();
  return Array.from(collapsed).slice(0, COMMENT_READ_LENGTH).join("").trim();
}

/** Lower case, accents removed, "×" read as "x", apostrophes dropped ("I'm" is one word). */
function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[×✕✖]/g, "x")
    .replace(/['’‘`]/g, "");
}

/** The words of a text: runs of letters or digits, and "+N" ("+1" is a claim word). */
export function commentWords(text: string): string[] {
  return normalize(text).match(/\+\d+|[\p{L}\p{N}]+/gu) ?? [];
}

/** Where the words of `phrase` appear together in `words` (their indexes), or null. */
function findPhrase(words: string[], phrase: string[], taken: Set<number>): number[] | null {
  if (phrase.length === 0) return null;
  for (let start = 0; start + phrase.length <= words.length; start++) {
    let found = true;
    for (let i = 0; i < phrase.length; i++) {
      if (words[start + i] !== phrase[i] || taken.has(start + i)) {
        found = false;
        break;
      }
    }
    if (found) return phrase.map((_, i) => start + i);
  }
  return null;
}

/** A comment that holds a claim word: its words, which of them are the claim word, and the words that may be codes. */
export type ClaimComment = { words: string[]; claimWordAt: number[]; codeCandidates: string[] };

/**
 * First step: does the comment hold a claim word? If so, the words that may be product codes
 * (upper case, as stored), for the caller to look up. Null: not a claim. `claimWordNeeded`
 * false: a claim without one (the seller typing "A7 M" for a viewer on the live board).
 */
export function readClaimComment(
  text: string,
  claimWords: readonly string[],
  options: { claimWordNeeded?: boolean } = {},
): ClaimComment | null {
  const words = commentWords(cleanComment(text));
  const candidates = (claimWordAt: number[]) => {
    const taken = new Set(claimWordAt);
    return [...new Set(words.filter((word, i) => !taken.has(i) && /^[a-z0-9]{1,8}$/.test(word)).map((word) => word.toUpperCase()))].slice(
      0,
      MAX_CODE_CANDIDATES,
    );
  };
  for (const claimWord of claimWords) {
    const at = findPhrase(words, commentWords(claimWord), new Set());
    if (at) return { words, claimWordAt: at, codeCandidates: candidates(at) };
  }
  return options.claimWordNeeded === false ? { words, claimWordAt: [], codeCandidates: candidates([]) } : null;
}

/** A product a comment may name: its code and its live variants (options `{}` without options). */
export type ClaimableProduct = { id: number; code: string; variants: { id: number; options: Record<string, string> }[] };

export type ParsedClaim<P extends ClaimableProduct = ClaimableProduct> =
  | { kind: "claim"; product: P; variantId: number; quantity: number }
  | { kind: "unknown_code"; code: string }
  | { kind: "ambiguous_variant"; product: P }
  | { kind: "not_a_claim" };

/** A quantity: "2", "x2", "2x" (× was read as x), at most three digits. */
function quantityOf(word: string): number | null {
  const match = /^(?:x?(\d{1,3})|(\d{1,3})x)$/.exec(word);
  if (!match) return null;
  return Number(match[1] ?? match[2]);
}

/**
 * Second step: the claim a comment makes with the products its candidates named (any order).
 * The first word that is a known code names the product; its variant is the one whose option
 * values the comment names (an option left unnamed is fine when the others leave one variant;
 * a product with one variant needs none); the first quantity left is the quantity (1 without).
 * No known code: `unknown_code` when a word looks like one (letters and digits mixed, "A7"),
 * else no claim (a "moi aussi" is chat, not a claim).
 */
export function parseClaim<P extends ClaimableProduct>(comment: ClaimComment, products: P[]): ParsedClaim<P> {
  const { words } = comment;
  const taken = new Set(comment.claimWordAt);
  const byCode = new Map(products.map((p) => [p.code.toLowerCase(), p]));
  const codeAt = words.findIndex((word, i) => !taken.has(i) && byCode.has(word));
  if (codeAt < 0) {
    const lookalike = words.find(
      (word, i) => !taken.has(i) && /^[a-z0-9]{2,8}$/.test(word) && /[a-z]/.test(word) && /\d/.test(word) && quantityOf(word) === null,
    );
    return lookalike ? { kind: "unknown_code", code: lookalike.toUpperCase() } : { kind: "not_a_claim" };
  }
  const product = byCode.get(words[codeAt]!)!;
  taken.add(codeAt);
  const variant = pickVariant(words, taken, product.variants);
  if (!variant) return { kind: "ambiguous_variant", product };
  let quantity = 1;
  for (const [i, word] of words.entries()) {
    if (taken.has(i)) continue;
    const q = quantityOf(word);
    if (q !== null) {
      quantity = q;
      break;
    }
  }
  if (quantity < 1) return { kind: "not_a_claim" };
  return { kind: "claim", product, variantId: variant.id, quantity };
}

/** One call of both steps (tests, and callers that already hold the products). */
export function parseComment<P extends ClaimableProduct>(
  text: string,
  claimWords: readonly string[],
  products: P[],
  options: { claimWordNeeded?: boolean } = {},
): ParsedClaim<P> {
  const comment = readClaimComment(text, claimWords, options);
  if (!comment) return { kind: "not_a_claim" };
  const candidates = new Set(comment.codeCandidates);
  return parseClaim(
    comment,
    products.filter((p) => candidates.has(p.code.toUpperCase())),
  );
}

/**
 * The variant the comment's words name, marking the words it used as taken; null when they
 * name none or several. Per option, the values the comment names (multi-word values such as
 * "light blue" too, longest first): one value fixes the option, none leaves it open, two are
 * ambiguous.
 */
function pickVariant<V extends { id: number; options: Record<string, string> }>(
  words: string[],
  taken: Set<number>,
  variants: V[],
): V | null {
  if (variants.length === 0) return null;
  if (variants.length === 1 && Object.keys(variants[0]!.options).length === 0) return variants[0]!;
  const optionNames = [...new Set(variants.flatMap((v) => Object.keys(v.options)))];
  const chosen = new Map<string, string>();
  // Every value of every option, longest first, so that "light blue" wins over "blue".
  const values = optionNames
    .flatMap((name) =>
      [...new Set(variants.map((v) => v.options[name]).filter((v): v is string => v !== undefined))].map((value) => ({
        name,
        value,
        phrase: commentWords(value),
      })),
    )
    .sort((a, b) => b.phrase.length - a.phrase.length);
  for (const { name, value, phrase } of values) {
    const at = findPhrase(words, phrase, taken);
    if (!at) continue;
    const already = chosen.get(name);
    if (already !== undefined && normalize(already) !== normalize(value)) return null;
    chosen.set(name, value);
    for (const i of at) taken.add(i);
  }
  const matching = variants.filter((v) => [...chosen].every(([name, value]) => normalize(v.options[name] ?? "") === normalize(value)));
  return matching.length === 1 ? matching[0]! : null;
}
