import { z } from "./zod-messages";

/**
 * A comment of a live's chat as the comments API takes it (`POST /shop/lives/{id}/comments/`):
 * where it was written, by whom (their handle on that platform, "@" or not) and what. A long
 * comment is read (its start only: a claim is a few words), a huge one is refused.
 */
export const COMMENT_TEXT_MAX_LENGTH = 20_000;

export const claimCommentApiSchema = z.object({
  platform: z.string().trim().min(1).max(40),
  author: z.object({
    handle: z
      .string()
      .trim()
      .min(1)
      .max(65)
      .refine((handle) => /[^@\s]/.test(handle) && !/\s/.test(handle), "claims.errors.handle"),
    name: z.string().trim().max(100).nullish(),
  }),
  text: z.string().max(COMMENT_TEXT_MAX_LENGTH),
});
export type ClaimCommentInput = z.output<typeof claimCommentApiSchema>;
