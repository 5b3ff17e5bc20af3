// The words that make a live chat's comment a claim ("SOLD A7 M", "je prends A7", "+1 A7"),
// shared by the claim path, the shop's settings and their screens (issue 29).

/** A shop's claim words when it chose none (`shops.claim_words` null): both languages'. */
export const DEFAULT_CLAIM_WORDS: readonly string[] = ["sold", "claim", "buy", "mine", "take", "je prends", "pris", "moi", "+1"];

/** The claim words a shop uses: its own, or the defaults. */
export function shopClaimWords(words: readonly string[] | null | undefined): readonly string[] {
  return words && words.length > 0 ? words : DEFAULT_CLAIM_WORDS;
}
