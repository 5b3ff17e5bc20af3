import { supportedLanguages, type Language } from "~/lib/languages";
import { LIVE_PLATFORMS, type LivePlatform } from "~/lib/live-platforms";
import { isRecordId } from "~/lib/path-id";
import { z } from "./zod-messages";

/** A new live as the seller's form and the API name it. */
export type NewLive = {
  title: string;
  platform: LivePlatform;
  scheduledAt: Date | null;
  /** The live's language (the claims' replies in its chat); the screen and the API default to the seller's current one. */
  language?: Language;
  chatChannel?: string | null;
};

/** A Twitch channel as stored: its login, 4 to 25 letters, digits or underscores, lower case, no "#". */
export const TWITCH_CHANNEL_PATTERN = /^[a-z0-9_]{4,25}$/;

/**
 * A Twitch live's channel, whose public chat the platform reads (issue 29). Sellers paste
 * "#Name", "@Name" or the channel's address as well as the name: all give the login.
 * Empty or null: none.
 */
function twitchLogin(value: string | null | undefined, ctx: z.RefinementCtx): string | null {
  if (!value) return null;
  const login = value
    .replace(/^(https?:\/\/)?(www\.|m\.)?twitch\.tv\//i, "")
    .replace(/^[#@]/, "")
    .replace(/\/$/, "")
    .toLowerCase();
  if (TWITCH_CHANNEL_PATTERN.test(login)) return login;
  ctx.addIssue({ code: "custom", message: "lives.errors.chat_channel" });
  return z.NEVER;
}

const CHAT_CHANNEL_DESCRIPTION =
  "The live's Twitch channel (login name, 4 to 25 letters, digits or _), whose chat is read while the live runs; Twitch lives only";
const chatChannelText = z.string({ error: "lives.errors.chat_channel" }).trim().max(100, "lives.errors.chat_channel");
export const chatChannelSchema = chatChannelText.nullish().transform(twitchLogin).describe(CHAT_CHANNEL_DESCRIPTION);

/** A chat channel is read on Twitch only: refused on a live of another platform. */
function checkChatChannelPlatform(value: { platform: LivePlatform; chat_channel: string | null }, ctx: z.RefinementCtx): boolean {
  if (value.chat_channel === null || value.platform === "twitch") return true;
  ctx.addIssue({ code: "custom", path: ["chat_channel"], message: "lives.errors.chat_channel_platform" });
  return false;
}

/**
 * The scheduled time: the form's `datetime-local` value (the seller's own clock, sent with
 * the browser's offset in `timezone_offset`, minutes as `Date.getTimezoneOffset` gives
 * them) or an ISO 8601 date-time from the API. Empty: not scheduled.
 */
const scheduledAt = z
  .string()
  .trim()
  .max(40)
  .optional()
  .transform((value) => value || undefined);

const liveTitle = z.string({ error: "lives.errors.title" }).trim().min(1, "lives.errors.title").max(100, "lives.errors.title_too_long");
const livePlatform = z.enum(LIVE_PLATFORMS, { error: "lives.errors.platform" });
const liveLanguage = z
  .enum(supportedLanguages, { error: "lives.errors.language" })
  .optional()
  .describe("The live's language, en or fr: the claims' replies in its chat (default: the seller's current language)");

export const liveCreateSchema = z
  .object({
    title: liveTitle,
    platform: livePlatform,
    language: liveLanguage,
    scheduled_at: scheduledAt,
    timezone_offset: z.coerce.number().int().min(-900).max(900).optional(),
    chat_channel: chatChannelSchema,
  })
  .transform((value, ctx): NewLive => {
    if (!checkChatChannelPlatform(value, ctx)) return z.NEVER;
    let at: Date | null = null;
    if (value.scheduled_at) {
      at = parseScheduledAt(value.scheduled_at, value.timezone_offset ?? 0);
      if (!at) {
        ctx.addIssue({ code: "custom", path: ["scheduled_at"], message: "lives.errors.scheduled_at" });
        return z.NEVER;
      }
    }
    return { title: value.title, platform: value.platform, scheduledAt: at, language: value.language, chatChannel: value.chat_channel };
  });

/** `2026-12-01T20:30` (local, with the browser's offset) or a full ISO 8601 date-time with its zone. */
function parseScheduledAt(text: string, offsetMinutes: number): Date | null {
  const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (local) {
    const [, y, mo, d, h, mi] = local.map(Number) as [number, number, number, number, number, number];
    const utc = Date.UTC(y, mo - 1, d, h, mi) + offsetMinutes * 60_000;
    const date = new Date(utc);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return parseZonedDateTime(text);
}

/** A full ISO 8601 date-time with its zone (`Z` or `+01:00`); null for anything else. */
function parseZonedDateTime(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Pin a product of the catalogue on the live (`product_id` empty or null: unpin). */
export const livePinSchema = z
  .object({
    product_id: z
      .union([z.string(), z.number(), z.null()])
      .optional()
      .transform((value, ctx) => {
        if (value === null || value === undefined || value === "") return null;
        const id = Number(value);
        if (!isRecordId(id)) {
          ctx.addIssue({ code: "custom", message: "lives.errors.product" });
          return z.NEVER;
        }
        return id;
      }),
  })
  .transform((value) => ({ productId: value.product_id }));

/** The reminder to unpaid checkouts of the live, this many minutes after they started. */
export const LIVE_REMINDER_MINUTES = { min: 5, max: 7 * 24 * 60 } as const;

export const liveReminderSchema = z
  .object({
    delay_minutes: z.coerce
      .number({ error: "lives.errors.reminder_delay" })
      .int("lives.errors.reminder_delay")
      .min(LIVE_REMINDER_MINUTES.min, "lives.errors.reminder_delay")
      .max(LIVE_REMINDER_MINUTES.max, "lives.errors.reminder_delay"),
  })
  .transform((value) => ({ delayMinutes: value.delay_minutes }));

/**
 * POST /api/v1/shop/lives/: `{title, platform, scheduled_at?}`. An integrator has no
 * browser offset to send, so `scheduled_at` must carry its zone (null, empty or absent:
 * not scheduled).
 */
export const liveCreateApiSchema = z
  .object({
    title: liveTitle,
    platform: livePlatform,
    language: liveLanguage,
    scheduled_at: z
      .string({ error: "lives.errors.scheduled_at" })
      .trim()
      .max(40, "lives.errors.scheduled_at")
      .nullish()
      .describe("ISO 8601 date-time with its zone, e.g. 2026-12-01T20:30:00+01:00"),
    chat_channel: chatChannelSchema,
  })
  .transform((value, ctx): NewLive => {
    if (!checkChatChannelPlatform(value, ctx)) return z.NEVER;
    const base = { title: value.title, platform: value.platform, language: value.language, chatChannel: value.chat_channel };
    if (!value.scheduled_at) return { ...base, scheduledAt: null };
    const at = parseZonedDateTime(value.scheduled_at);
    if (!at) {
      ctx.addIssue({ code: "custom", path: ["scheduled_at"], message: "lives.errors.scheduled_at" });
      return z.NEVER;
    }
    return { ...base, scheduledAt: at };
  });

/** The board's Twitch chat form: the channel to read, empty for none. */
export const liveChatChannelSchema = z
  .object({ chat_channel: chatChannelSchema })
  .transform((value) => ({ chatChannel: value.chat_channel }));

/** PATCH /api/v1/shop/lives/{id}/: `{chat_channel}`, required (null or empty: none). */
export const livePatchApiSchema = z
  .object({ chat_channel: chatChannelText.nullable().transform(twitchLogin).describe(CHAT_CHANNEL_DESCRIPTION) })
  .transform((value) => ({ chatChannel: value.chat_channel }));

/** A page of the seller's lives (`page`, `page_size` as in the orders list). */
export const liveListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
export type LiveListQuery = z.output<typeof liveListQuerySchema>;

/** POST /api/v1/shop/lives/{id}/pin/: `product_id` is required (DELETE unpins). */
export const livePinApiSchema = livePinSchema.refine((value) => value.productId !== null, {
  path: ["product_id"],
  message: "lives.errors.product",
});

/** PUT /api/v1/shop/lives/{id}/reminder/: `{delay_minutes}` in minutes, null turns the reminder off. */
export const liveReminderApiSchema = z
  .object({
    delay_minutes: z
      .number({ error: "lives.errors.reminder_delay" })
      .int("lives.errors.reminder_delay")
      .min(LIVE_REMINDER_MINUTES.min, "lives.errors.reminder_delay")
      .max(LIVE_REMINDER_MINUTES.max, "lives.errors.reminder_delay")
      .nullable(),
  })
  .transform((value) => ({ delayMinutes: value.delay_minutes }));

/** What the seller types on the board to claim for a viewer: "@lea A7 M" (the @word is the handle, the rest the comment). */
export type BoardClaim = { handle: string; text: string };

export const liveBoardClaimSchema = z
  .object({
    comment: z.string({ error: "lives.board.claims.typed_invalid" }).trim().max(200, "lives.board.claims.typed_invalid"),
  })
  .transform((value, ctx): BoardClaim => {
    const words = value.comment.split(/\s+/);
    const at = words.findIndex((word) => /^@[^@\s]+$/.test(word));
    if (at === -1 || words.length < 2) {
      ctx.addIssue({ code: "custom", path: ["comment"], message: "lives.board.claims.typed_invalid" });
      return z.NEVER;
    }
    return { handle: words[at]!.slice(1), text: words.filter((_, i) => i !== at).join(" ") };
  });

/** The board's "Release" of one claim. */
export const liveBoardReleaseSchema = z
  .object({
    claim_id: z.coerce.number({ error: "claims.errors.not_found" }).refine(isRecordId, "claims.errors.not_found"),
  })
  .transform((value) => ({ claimId: value.claim_id }));
