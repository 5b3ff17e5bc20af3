import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FieldLabel, FormErrors, fieldInputProps, inputClasses } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useHydrated } from "~/components/hydrated";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useInstantFormat } from "~/components/ui/local-time";
import type { ClaimResource, ClaimStatus } from "~/domain/claims/claims.server";
import type { ProductClaimCounts } from "~/domain/lives/live-claims.server";
import { liveBoardClaimSchema } from "~/schemas/lives";

const STATUS_TONES: Record<ClaimStatus, BadgeTone> = {
  held: "warning",
  paid: "success",
  released: "neutral",
  expired: "neutral",
  waitlisted: "info",
};

/** "A7 (M) × 2": what a claim is about, as read on stream. */
function claimWhat(claim: ClaimResource): string {
  return [
    claim.product.code ?? claim.product.name,
    claim.variant ? `(${claim.variant.name})` : "",
    claim.quantity > 1 ? `× ${claim.quantity}` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** "4:07" from milliseconds. */
function minutesSeconds(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The live's claims (issue 29): the seller's "@lea A7 M" for a comment read on screen, the
 * units per product (held, paid, waiting) and the latest claims with a Release each. Its
 * forms are fetchers with JavaScript (the board stays) and plain posts without; the board's
 * live updates bring new claims. A claim taken empties the box (its outcome is a toast); a
 * refused one keeps the typed text with the reason beside it (`pageResult`: the page's
 * answer to it without JavaScript).
 */
export function LiveClaimsCard({
  claims,
  counts,
  open,
  pageResult = null,
}: {
  claims: ClaimResource[];
  counts: ProductClaimCounts[];
  open: boolean;
  pageResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid="live-claims">
      <CardHeader>
        <CardTitle>{t("lives.board.claims.title")}</CardTitle>
        {open ? <p className="text-sm text-slate-600">{t("lives.board.claims.hint")}</p> : null}
      </CardHeader>
      <CardContent className="space-y-6">
        {open ? <ClaimForm pageResult={pageResult} /> : null}
        {counts.length > 0 ? <ClaimCounts counts={counts} /> : null}
        <ClaimList claims={claims} />
      </CardContent>
    </Card>
  );
}

function ClaimForm({ pageResult }: { pageResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<SubmissionResult<string[]>>({ key: "live-board-claim" });
  // A refusal's reply (the fetcher's, or the page's without JavaScript): the typed text and why.
  const [form, fields] = useValidatedForm("live-claim", liveBoardClaimSchema, {
    lastResult: fetcher.data ?? pageResult,
    firstValidation: "submit",
  });
  const comment = fields.comment as FieldMetadata<string>;
  const formRef = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // What the fetcher held when the claim was sent: React Router keeps a fetcher's last data
  // when a later submission redirects, so only a new reply tells a refusal from a claim taken.
  const sent = useRef<{ before: unknown } | null>(null);
  const busy = fetcher.state !== "idle";
  const answered = fetcher.data;
  useEffect(() => {
    if (busy) {
      sent.current ??= { before: answered };
      return;
    }
    if (!sent.current) return;
    const { before } = sent.current;
    sent.current = null;
    // Refused: the new reply keeps the text, and Conform shows the reason and focuses the box.
    if (answered !== before) return;
    // Taken (the action redirected, no reply): the box empties and, unless the seller moved on
    // meanwhile, takes the focus for the next comment (the pressed button was disabled while sending).
    const element = formRef.current;
    if (!element) return;
    const focusHere =
      document.activeElement === null || document.activeElement === document.body || element.contains(document.activeElement);
    element.reset();
    if (focusHere) input.current?.focus();
  }, [busy, answered]);
  const { key, ...inputProps } = fieldInputProps(comment, { type: "text", ariaDescribedBy: comment.descriptionId });
  return (
    <fetcher.Form method="post" ref={formRef} {...getFormProps(form)} data-testid="live-claim-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="claim" />
      <FormErrors errors={form.errors} />
      <FieldLabel htmlFor={comment.id}>{t("lives.board.claims.form.label")}</FieldLabel>
      <div className="flex gap-2">
        <input
          key={key}
          {...inputProps}
          ref={input}
          // Without JavaScript a refused claim is a new page: the box it came from has the focus again.
          autoFocus={pageResult?.status === "error" || undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t("lives.board.claims.form.placeholder")}
          className={`${inputClasses} h-12 min-w-0 flex-1 text-base`}
        />
        <Button type="submit" size="lg" pending={busy} className="shrink-0">
          {t("lives.board.claims.form.submit")}
        </Button>
      </div>
      <FieldErrors id={comment.errorId} errors={comment.errors} />
      <p id={comment.descriptionId} className="mt-1 text-xs text-slate-600">
        {t("lives.board.claims.form.hint")}
      </p>
    </fetcher.Form>
  );
}

/** Per product claimed: its code big (as shown on stream), then units held, paid and waiting. */
function ClaimCounts({ counts }: { counts: ProductClaimCounts[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="live-claim-counts-title">
      <h3 id="live-claim-counts-title" className="font-semibold">
        {t("lives.board.claims.counts.title")}
      </h3>
      <ul className="mt-2 space-y-2">
        {counts.map((product) => (
          <li
            key={product.productId}
            className="rounded-lg border border-border p-3"
            data-testid="live-claim-count"
            data-product-id={product.productId}
          >
            <p className="min-w-0 break-words">
              {product.code ? (
                <span className="mr-2 text-xl font-black tracking-wide">
                  <span className="sr-only">{t("lives.board.claims.code")} </span>
                  {product.code}
                </span>
              ) : null}
              <span className="text-sm text-slate-700">{product.name}</span>
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
              <Count label={t("lives.board.claims.counts.held")} value={product.held} testId="live-claim-held" />
              <Count label={t("lives.board.claims.counts.paid")} value={product.paid} testId="live-claim-paid" />
              <Count label={t("lives.board.claims.counts.waiting")} value={product.waiting} testId="live-claim-waiting" />
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ClaimList({ claims }: { claims: ClaimResource[] }) {
  const { t } = useTranslation();
  const now = useNow();
  const announcement = useNewClaimAnnouncement(claims);
  return (
    <section aria-labelledby="live-claim-list-title">
      <p className="sr-only" aria-live="polite" data-testid="live-claim-announcement">
        {announcement}
      </p>
      <h3 id="live-claim-list-title" className="font-semibold">
        {t("lives.board.claims.list.title")}
      </h3>
      {claims.length === 0 ? (
        <p
          className="mt-2 rounded-xl border border-dashed border-border p-4 text-center text-sm text-slate-600"
          data-testid="live-claims-empty"
        >
          {t("lives.board.claims.list.empty")}
        </p>
      ) : (
        <ol className="mt-2 space-y-2" data-testid="live-claim-list">
          {claims.map((claim) => (
            <ClaimRow key={claim.id} claim={claim} now={now} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** What to announce when claims appear that this screen had not seen yet (cleared after a few seconds). */
function useNewClaimAnnouncement(claims: ClaimResource[]): string {
  const { t } = useTranslation();
  const seen = useRef<Set<number> | null>(null);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(claims.map((c) => c.id));
      return;
    }
    const known = seen.current;
    const fresh = claims.filter((c) => !known.has(c.id));
    for (const claim of fresh) known.add(claim.id);
    const [first] = fresh;
    if (!first) return;
    const text =
      fresh.length === 1
        ? t("lives.board.claims.new_one", { handle: `@${first.handle}`, what: claimWhat(first) })
        : t("lives.board.claims.new_many", { count: fresh.length });
    // Announced from a timer like the clearing: the message follows the data, not the render.
    const show = setTimeout(() => setMessage(text), 0);
    const clear = setTimeout(() => setMessage(""), 8000);
    return () => {
      clearTimeout(show);
      clearTimeout(clear);
    };
  }, [claims, t]);
  return message;
}

/** The time now, every second once the page runs (null before: no countdown on the server's page). */
function useNow(): number | null {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return hydrated ? now : null;
}

function ClaimRow({ claim, now }: { claim: ClaimResource; now: number | null }) {
  const { t } = useTranslation();
  const formatInstant = useInstantFormat();
  const fetcher = useFetcher({ key: `live-board-release-${claim.id}` });
  const what = claimWhat(claim);
  const handle = `@${claim.handle}`;
  const end = claim.held_until ? Date.parse(claim.held_until) : null;
  // A hold that ran out while the board was open shows expired before the next reload says so.
  const status: ClaimStatus = claim.status === "held" && end !== null && now !== null && now >= end ? "expired" : claim.status;
  const releasable = status === "held" || status === "waitlisted";
  return (
    <li
      className="rounded-xl border border-border bg-white p-3 shadow-sm"
      data-testid="live-claim"
      data-claim-id={claim.id}
      data-status={status}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p className="min-w-0 break-words">
          <span className="font-semibold">{handle}</span> <span className="font-bold tracking-wide">{what}</span>
        </p>
        <Badge tone={STATUS_TONES[status]} data-testid="live-claim-status">
          {t(`lives.board.claims.status.${status}`)}
        </Badge>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p className="flex flex-wrap gap-x-2">
          {status === "held" && claim.held_until ? (
            <>
              <span suppressHydrationWarning>{t("lives.board.claims.until", { time: formatInstant(claim.held_until, "time") })}</span>
              {now !== null && end !== null ? (
                // Read out every second it would be noise: screen readers have the end time beside it.
                <span className="font-semibold text-amber-800 tabular-nums" aria-hidden="true" data-testid="live-claim-left">
                  {t("lives.board.claims.left", { time: minutesSeconds(end - now) })}
                </span>
              ) : null}
            </>
          ) : null}
          <a href={claim.link} className="text-brand-700 underline" aria-label={t("lives.board.claims.link_label", { handle })}>
            {t("lives.board.claims.link")}
          </a>
        </p>
        {releasable ? (
          <fetcher.Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="release" />
            <input type="hidden" name="claim_id" value={claim.id} />
            <Button
              type="submit"
              variant="outline"
              size="md"
              disabled={fetcher.state !== "idle"}
              aria-label={t("lives.board.claims.release_label", { handle, what })}
            >
              {t("lives.board.claims.release")}
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
    </li>
  );
}
