import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { CsrfInput } from "~/components/forms/csrf-input";
import { IntentButton } from "~/components/forms/intent-button";
import { inputClasses } from "~/components/forms/fields";
import { useHydrated } from "~/components/hydrated";
import { PaymentStatusBadge } from "~/components/orders/status-badges";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { LocalTime } from "~/components/ui/local-time";
import type { LiveBoardScreen } from "~/domain/lives/live-screens.server";
import { intlLocale } from "~/lib/languages";
import { formatMoney } from "~/lib/money";
import { LiveChatCard } from "./live-chat-card";
import { LiveClaimsCard } from "./live-claims-card";
import { LiveReminderForm } from "./live-reminder-form";
import { LiveShare } from "./live-share";
import { LiveStockCard } from "./live-stock-card";
import { escapeHtml } from "~/lib/escape-html";
import { useLiveUpdates, type LiveUpdatesStatus } from "./use-live-updates";
import { BackLink } from "~/components/ui/back-link";

export type LiveBoardData = LiveBoardScreen & { currency: string; qrOnly: boolean; title: string };
type BoardOrder = LiveBoardData["orders"][number];

/**
 * The live board, made for a phone held next to the stream: running totals, the live's link
 * and QR code, the pinned product, the orders as they come, newest first. With JavaScript
 * it follows the live's events; without, it reloads itself every 10 seconds, except when it
 * is a form's refused answer (`formResult`): the reload would take away the reason and what
 * was typed. Once the live has ended, its summary leads.
 */
export function LiveBoard({ board, formResult }: { board: LiveBoardData; formResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const { live } = board;
  const ended = live.endedAt !== null;
  if (board.qrOnly) return <QrFullScreen board={board} />;
  // The board's forms share one action result: the claim form answers only its own.
  const claimResult = formResult?.initialValue?.intent === "claim" ? formResult : null;
  return (
    <section className="container-page max-w-3xl space-y-6 py-6 sm:py-10" data-testid="live-board">
      <div>
        <BackLink to="/dashboard/lives">{t("lives.board.back")}</BackLink>
        <h1 className="mt-2 text-2xl font-bold tracking-tight break-words sm:text-3xl">{live.title}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <Badge tone={ended ? "neutral" : "danger"} data-testid="live-status">
            {ended ? t("lives.list.ended") : t("lives.list.live")}
          </Badge>
          <span>{t(`lives.platforms.${live.platform}`)}</span>
          <span aria-hidden="true">·</span>
          <span>
            {t("lives.list.started_at")} <LocalTime value={live.startedAt} format="dateTime" />
          </span>
        </div>
        <UpdatesStatus
          liveId={live.id}
          cursor={board.eventCursor}
          orders={board.orders}
          currency={board.currency}
          reloads={formResult?.status !== "error"}
        />
      </div>

      {ended ? (
        <>
          <p className="rounded-lg border border-border bg-slate-50 p-4 text-sm" data-testid="live-ended">
            {t("lives.board.ended_text")} <LocalTime value={live.endedAt!} format="dateTime" />
          </p>
          <Summary board={board} lead />
          {board.claims.length > 0 ? <LiveClaimsCard claims={board.claims} counts={board.counts} open={false} /> : null}
          <Orders board={board} />
          <LiveReminderForm liveId={live.id} delayMinutes={live.reminderDelayMinutes} lastResult={formResult} />
        </>
      ) : (
        <>
          <Totals board={board} />
          <LiveShare url={board.url} qrSvg={board.qrSvg} liveId={live.id} />
          <PinCard board={board} />
          {live.platform === "twitch" ? <LiveChatCard live={live} lastResult={formResult} /> : null}
          {board.pinnedStock && board.pinned ? <LiveStockCard stock={board.pinnedStock} productName={board.pinned.name} /> : null}
          <LiveClaimsCard claims={board.claims} counts={board.counts} open pageResult={claimResult} />
          <Orders board={board} />
          <Summary board={board} />
          <LiveReminderForm liveId={live.id} delayMinutes={live.reminderDelayMinutes} lastResult={formResult} />
          <EndCard />
        </>
      )}
    </section>
  );
}

/**
 * The discreet "live updates on" line, and a polite announcement of each new paid order.
 * Without JavaScript the board refreshes itself (`reloads`) unless it answers a refused form.
 */
function UpdatesStatus({
  liveId,
  cursor,
  orders,
  currency,
  reloads,
}: {
  liveId: number;
  cursor: number;
  orders: BoardOrder[];
  currency: string;
  reloads: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <>
      {/* Without JavaScript the board is a page that refreshes itself (React renders no children of a noscript). */}
      {reloads ? (
        <noscript
          dangerouslySetInnerHTML={{
            __html: `<meta http-equiv="refresh" content="10"><p class="mt-2 text-xs text-slate-600" data-testid="live-refresh-note">${escapeHtml(t("lives.board.updates.no_js"))}</p>`,
          }}
        />
      ) : null}
      {hydrated ? <LiveUpdates liveId={liveId} cursor={cursor} orders={orders} currency={currency} /> : null}
    </>
  );
}

function LiveUpdates({ liveId, cursor, orders, currency }: { liveId: number; cursor: number; orders: BoardOrder[]; currency: string }) {
  const { t } = useTranslation();
  const status = useLiveUpdates(`/dashboard/lives/${liveId}/events?after=${cursor}`);
  const announcement = usePaidOrderAnnouncement(orders, currency);
  const tone: Record<LiveUpdatesStatus, string> = {
    connecting: "bg-slate-400",
    on: "bg-green-600",
    reconnecting: "bg-amber-500",
    off: "bg-slate-400",
  };
  return (
    <>
      <p className="mt-2 flex items-center gap-2 text-xs text-slate-600" role="status" data-testid="live-updates-status">
        <span aria-hidden="true" className={`inline-block size-2 rounded-full ${tone[status]}`} />
        {t(`lives.board.updates.${status}`)}
      </p>
      <p className="sr-only" aria-live="polite" data-testid="live-announcement">
        {announcement}
      </p>
    </>
  );
}

/** What to announce when paid orders appear that this screen had not seen paid yet (cleared after a few seconds). */
function usePaidOrderAnnouncement(orders: BoardOrder[], currency: string): string {
  const { t, i18n } = useTranslation();
  const seen = useRef<Set<number> | null>(null);
  const [message, setMessage] = useState("");
  useEffect(() => {
    const paid = orders.filter((o) => o.paid);
    if (seen.current === null) {
      seen.current = new Set(paid.map((o) => o.id));
      return;
    }
    const known = seen.current;
    const fresh = paid.filter((o) => !known.has(o.id));
    for (const order of fresh) known.add(order.id);
    const [first] = fresh;
    if (!first) return;
    const text =
      fresh.length === 1
        ? t("lives.board.updates.new_paid", {
            who: first.handle || first.customer,
            amount: formatMoney(first.totalCents, currency, i18n.language),
          })
        : t("lives.board.updates.new_paid_many", { count: fresh.length });
    // Announced from a timer like the clearing: the message follows the data, not the render.
    const show = setTimeout(() => setMessage(text), 0);
    const clear = setTimeout(() => setMessage(""), 8000);
    return () => {
      clearTimeout(show);
      clearTimeout(clear);
    };
  }, [orders, currency, t, i18n.language]);
  return message;
}

function Figure({ label, value, testId, big }: { label: string; value: string; testId: string; big?: boolean }) {
  return (
    <div className="rounded-xl border border-border bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
      <dd className={`mt-1 font-bold tracking-tight tabular-nums ${big ? "text-2xl sm:text-3xl" : "text-xl"}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function useNumbers() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return {
    count: (n: number) => new Intl.NumberFormat(locale).format(n),
    percent: (ratio: number | null) =>
      ratio === null ? "—" : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(ratio),
    money: (cents: number, currency: string) => formatMoney(cents, currency, i18n.language),
  };
}

/** The three running totals, big enough to read at arm's length. */
function Totals({ board }: { board: LiveBoardData }) {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <section aria-labelledby="live-totals">
      <h2 id="live-totals" className="sr-only">
        {t("lives.board.totals.title")}
      </h2>
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        <Figure
          big
          label={t("lives.board.totals.revenue")}
          value={n.money(board.stats.revenueCents, board.currency)}
          testId="live-revenue"
        />
        <Figure big label={t("lives.board.totals.paid_orders")} value={n.count(board.stats.paidOrders)} testId="live-paid-orders" />
        <Figure
          big
          label={t("lives.board.totals.open_checkouts")}
          value={n.count(board.stats.openCheckouts)}
          testId="live-open-checkouts"
        />
      </dl>
    </section>
  );
}

/** Visits, checkouts started, paid orders, revenue and conversion; the CSV of the orders. */
function Summary({ board, lead = false }: { board: LiveBoardData; lead?: boolean }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const { stats } = board;
  return (
    <Card data-testid="live-summary">
      <CardHeader>
        <CardTitle>{t("lives.board.summary.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4">
          <Figure big={lead} label={t("lives.board.summary.visits")} value={n.count(stats.visits)} testId="live-summary-visits" />
          <Figure big={lead} label={t("lives.board.summary.checkouts")} value={n.count(stats.checkouts)} testId="live-summary-checkouts" />
          <Figure big={lead} label={t("lives.board.summary.paid_orders")} value={n.count(stats.paidOrders)} testId="live-summary-paid" />
          <Figure
            big={lead}
            label={t("lives.board.summary.revenue")}
            value={n.money(stats.revenueCents, board.currency)}
            testId="live-summary-revenue"
          />
          <Figure
            big={lead}
            label={t("lives.board.summary.conversion")}
            value={n.percent(stats.conversion)}
            testId="live-summary-conversion"
          />
        </dl>
        <p className="text-xs text-slate-600">{t("lives.board.summary.conversion_hint")}</p>
        <a href={`/dashboard/lives/${board.live.id}/orders.csv`} className={buttonClasses("outline", "sm")} download>
          {t("lives.board.csv")}
        </a>
      </CardContent>
    </Card>
  );
}

/** The product every viewer's live page shows, and the choice of another (or none). */
function PinCard({ board }: { board: LiveBoardData }) {
  const { t } = useTranslation();
  const n = useNumbers();
  const { pinned, catalogue } = board;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("lives.board.pin.title")}</CardTitle>
        <p className="text-sm text-slate-600">{t("lives.board.pin.hint")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {pinned ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 p-3" data-testid="live-pinned">
            <p className="min-w-0 break-words">
              <span className="block text-xs text-slate-600">{t("lives.board.pin.current")}</span>
              {/* The code viewers type in the chat ("SOLD A7"): big enough to read out or hold up on stream. */}
              {pinned.code ? (
                <span className="block text-4xl leading-tight font-black tracking-wide" data-testid="live-pinned-code">
                  {t("lives.board.pin.code", { code: pinned.code })}
                </span>
              ) : null}
              <span className="font-semibold">{pinned.name}</span> ·{" "}
              <span className="tabular-nums">{n.money(pinned.priceCents, board.currency)}</span>
            </p>
            <IntentButton intent="unpin">{t("lives.board.pin.unpin")}</IntentButton>
          </div>
        ) : (
          <p className="text-sm text-slate-600" data-testid="live-pinned-none">
            {t("lives.board.pin.none")}
          </p>
        )}
        {catalogue.length === 0 ? (
          <p className="text-sm text-slate-600">
            {t("lives.board.pin.empty_catalogue")}{" "}
            <Link to="/dashboard/products/new" className="font-medium text-brand-700 underline">
              {t("lives.board.pin.add_product")}
            </Link>
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <CsrfInput />
            <input type="hidden" name="intent" value="pin" />
            <div className="min-w-0 flex-1 basis-48">
              <label htmlFor="live-pin-product" className="mb-1 block text-sm font-medium">
                {t("lives.board.pin.product")}
              </label>
              <select id="live-pin-product" name="product_id" required defaultValue={pinned?.id ?? ""} className={inputClasses}>
                <option value="" disabled>
                  {t("lives.board.pin.choose")}
                </option>
                {catalogue.map((product) => (
                  <option key={product.id} value={product.id}>
                    {product.code ? `${product.code} · ` : ""}
                    {product.name} ({n.money(product.priceCents, board.currency)})
                    {product.isInStock ? "" : ` · ${t("catalogue.out_of_stock")}`}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit">{t("lives.board.pin.submit")}</Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

/** The live's orders, newest first: who, their reference, what they wrote, amount, payment, time. */
function Orders({ board }: { board: LiveBoardData }) {
  const { t } = useTranslation();
  const n = useNumbers();
  return (
    <section aria-labelledby="live-orders-title">
      <h2 id="live-orders-title" className="text-xl font-semibold">
        {t("lives.board.orders.title")}
      </h2>
      {board.orders.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-border p-6 text-center text-slate-600" data-testid="live-orders-empty">
          {t("lives.board.orders.empty")}
        </p>
      ) : (
        <ol className="mt-3 space-y-2" data-testid="live-orders">
          {board.orders.map((order) => (
            <li
              key={order.id}
              className="rounded-xl border border-border bg-white p-3 shadow-sm"
              data-testid="live-order"
              data-order-id={order.id}
              data-payment-status={order.paymentStatus}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <p className="min-w-0 font-semibold break-words">{order.handle || order.customer}</p>
                <p className="font-bold tabular-nums">{n.money(order.totalCents, order.currency)}</p>
              </div>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                <PaymentStatusBadge status={order.paymentStatus} />
                <OrderMeta label={t("lives.board.orders.reference")}>{order.reference || "—"}</OrderMeta>
                <span>
                  <span className="sr-only">{t("lives.board.orders.time")} </span>
                  <LocalTime value={order.paidAt ?? order.createdAt} format="dateTime" />
                </span>
                <Link to={`/orders/${order.id}`} className="text-brand-700 underline-offset-2 hover:underline">
                  <span className="sr-only">{t("lives.board.orders.order")} </span>#{order.number}
                </Link>
              </div>
              {order.content ? (
                <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm break-words whitespace-pre-line">
                  <span className="sr-only">{t("common.label_colon", { label: t("lives.board.orders.content") })} </span>
                  {order.content}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function OrderMeta({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span className="min-w-0 break-words">
      {t("common.label_colon", { label })} <span className="font-medium text-slate-800">{children}</span>
    </span>
  );
}

/** Ending takes two steps, both plain HTML: open the box, then confirm. */
function EndCard() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent className="pt-6">
        <details className="group">
          <summary className="cursor-pointer font-semibold text-red-800">{t("lives.board.end.title")}</summary>
          <p className="mt-2 text-sm text-slate-700">{t("lives.board.end.hint")}</p>
          <IntentButton intent="end" variant="danger" size="md" className="mt-3">
            {t("lives.board.end.confirm")}
          </IntentButton>
        </details>
      </CardContent>
    </Card>
  );
}

/** `?qr=1`: the QR code alone, as large as the screen allows, to hold up to the camera. */
function QrFullScreen({ board }: { board: LiveBoardData }) {
  const { t } = useTranslation();
  return (
    <section className="container-page flex flex-col items-center gap-4 py-6 text-center" data-testid="live-qr-full">
      <h1 className="text-2xl font-bold break-words">{board.live.title}</h1>
      <div
        role="img"
        aria-label={t("lives.board.share.qr_label", { url: board.url })}
        className="aspect-square w-full max-w-[min(100%,75vh)] bg-white [&>svg]:size-full"
        dangerouslySetInnerHTML={{ __html: board.qrSvg }}
      />
      <p className="text-lg font-semibold break-all">{board.url}</p>
      <Link to={`/dashboard/lives/${board.live.id}`} className={buttonClasses("outline")}>
        {t("lives.board.share.back_to_board")}
      </Link>
    </section>
  );
}
