import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/live-board";
import { LiveBoard } from "~/components/lives/live-board";
import { endLive, getShopLive, pinLiveProduct, setLiveChatChannel, setLiveReminder } from "~/domain/lives/lives.server";
import type { TFunction } from "i18next";
import { releaseClaim } from "~/domain/claims/claims.server";
import { BoardClaimRefusedError, claimForViewer, type BoardClaimOutcome } from "~/domain/lives/live-claims.server";
import { liveBoardScreen } from "~/domain/lives/live-screens.server";
import { addPinnedStock } from "~/domain/lives/live-stock.server";
import type { DomainError } from "~/domain/errors.server";
import { parseInput } from "~/http/api.server";
import { formAction, type IntentArgs } from "~/http/forms.server";
import { orNotFound, requireSellerPage } from "~/http/guards.server";
import { messageKey, translateMessage } from "~/lib/messages";
import { getI18nInstance } from "~/middleware/i18n.server";
import { liveIdParam } from "~/routes/dashboard/live-params";
import {
  liveBoardClaimSchema,
  liveBoardReleaseSchema,
  liveChatChannelSchema,
  livePinSchema,
  liveReminderSchema,
  type BoardClaim,
} from "~/schemas/lives";
import { boardStockSchema } from "~/schemas/stock-admin";

/** /dashboard/lives/{id}: the live board (`?qr=1`: the QR code alone, to show on stream). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { shop } = await requireSellerPage(request, context);
  const id = liveIdParam(params.liveId);
  const board = await orNotFound(liveBoardScreen(shop.id, id));
  return {
    ...board,
    currency: shop.currency,
    qrOnly: new URL(request.url).searchParams.get("qr") === "1",
    title: getI18nInstance(context).t("lives.board.page_title", { title: board.live.title }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

type Guarded = { shopId: number; liveId: number; userId: number };

/** Done: a toast, then the board again (a GET, so the no-JavaScript refresh repeats nothing). */
function done({ context, guarded }: IntentArgs<Guarded>, messageKey: string, values: Record<string, string | number> = {}) {
  setToast(context, { type: "success", message: getI18nInstance(context).t(messageKey, values) });
  return redirect(`/dashboard/lives/${guarded.liveId}`);
}

/** A refused "+N", release or claim of an ended live: its first reason as a toast (a field's when it has one), then the board. */
function refused(error: DomainError, { context, guarded }: IntentArgs<Guarded>) {
  const first = Object.values(error.fieldErrors)[0]?.[0];
  setToast(context, {
    type: "error",
    message: translateMessage(getI18nInstance(context).t, first ?? messageKey(error.messageKey, error.values)),
  });
  return redirect(`/dashboard/lives/${guarded.liveId}`);
}

/** A claim typed on the board that was taken, said to the seller in their language. */
function claimToast(t: TFunction, outcome: BoardClaimOutcome, typed: BoardClaim): { type: "success" | "warning"; message: string } {
  if (!outcome.claimed) return { type: "warning", message: t("lives.board.claims.outcome.waitlisted", { handle: `@${typed.handle}` }) };
  const { claim } = outcome;
  const what = [
    claim.product.code ?? claim.product.name,
    claim.variant ? `(${claim.variant.name})` : "",
    claim.quantity > 1 ? `× ${claim.quantity}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const minutes = claim.held_until ? Math.max(1, Math.round((Date.parse(claim.held_until) - Date.now()) / 60_000)) : 0;
  return { type: "success", message: t("lives.board.claims.outcome.held", { handle: `@${claim.handle}`, what, minutes }) };
}

/** The board's forms post only about the seller's own live: another's is the 404 page, as on GET. */
export const action = formAction(async ({ request, params, context }): Promise<Guarded> => {
  const { shop, user } = await requireSellerPage(request, context);
  const liveId = liveIdParam(params.liveId);
  await orNotFound(getShopLive(shop.id, liveId));
  return { shopId: shop.id, liveId, userId: user.id };
})({
  "add-stock": {
    errors: refused,
    handle: async (args) => {
      const input = parseInput(boardStockSchema, Object.fromEntries(args.formData));
      const figures = await addPinnedStock(args.guarded.shopId, args.guarded.liveId, input, args.guarded.userId);
      const values = { count: input.quantity, available: figures.available, variant: figures.variantName };
      return done(args, figures.variantName ? "stock_admin.board.added_variant" : "stock_admin.board.added", values);
    },
  },
  pin: {
    errors: "toast",
    handle: async (args) => {
      const { productId } = args.parse(livePinSchema);
      await pinLiveProduct(args.guarded.shopId, args.guarded.liveId, productId);
      return done(args, productId === null ? "lives.board.unpinned" : "lives.board.pinned");
    },
  },
  unpin: {
    errors: "toast",
    handle: async (args) => {
      await pinLiveProduct(args.guarded.shopId, args.guarded.liveId, null);
      return done(args, "lives.board.unpinned");
    },
  },
  // Claims (issue 29): the seller claims for a viewer ("@lea A7 M") or releases a claim. A
  // claim taken is a toast, then the board (the typed box empties); a refused one answers in
  // place with what was typed and why (the Conform reply: 400 for the text, 409 for the live
  // or the stock), so the seller fixes the text rather than types it again, with or without
  // JavaScript. Once the live has ended the board has no box left to show it in: a toast.
  claim: {
    errors: (error, args) =>
      error instanceof BoardClaimRefusedError && error.code === "live_ended" ? refused(error, args) : args.reply(error),
    handle: async (args) => {
      const typed = args.parse(liveBoardClaimSchema);
      const outcome = await claimForViewer(args.guarded.shopId, args.guarded.liveId, typed, args.guarded.userId);
      setToast(args.context, claimToast(getI18nInstance(args.context).t, outcome, typed));
      return redirect(`/dashboard/lives/${args.guarded.liveId}`);
    },
  },
  release: {
    errors: refused,
    handle: async (args) => {
      const { claimId } = parseInput(liveBoardReleaseSchema, Object.fromEntries(args.formData));
      await releaseClaim({ shopId: args.guarded.shopId, liveId: args.guarded.liveId, claimId, actorUserId: args.guarded.userId });
      return done(args, "lives.board.claims.released");
    },
  },
  end: {
    errors: "toast",
    handle: async (args) => {
      await endLive(args.guarded.shopId, args.guarded.liveId);
      return done(args, "lives.board.ended_toast");
    },
  },
  reminder: {
    errors: "form",
    handle: async (args) => {
      const { delayMinutes } = args.parse(liveReminderSchema);
      await setLiveReminder(args.guarded.shopId, args.guarded.liveId, delayMinutes);
      return done(args, "lives.board.reminder.saved", { minutes: String(delayMinutes) });
    },
  },
  "chat-channel": {
    errors: "form",
    handle: async (args) => {
      const { chatChannel } = args.parse(liveChatChannelSchema);
      await setLiveChatChannel(args.guarded.shopId, args.guarded.liveId, chatChannel);
      return chatChannel === null ? done(args, "lives.board.chat.cleared") : done(args, "lives.board.chat.saved", { channel: chatChannel });
    },
  },
  "reminder-off": {
    errors: "toast",
    handle: async (args) => {
      await setLiveReminder(args.guarded.shopId, args.guarded.liveId, null);
      return done(args, "lives.board.reminder.turned_off");
    },
  },
});

export default function LiveBoardPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LiveBoard board={loaderData} formResult={actionData ?? null} />;
}
