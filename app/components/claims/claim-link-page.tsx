import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HoldNotice } from "~/components/checkout/hold-notice";
import { OrderStatusBadge } from "~/components/orders/status-badges";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import type { ClaimLinkLine, ClaimLinkStatus, ClaimLinkView } from "~/domain/claims/claim-link.server";
import { formatMoney } from "~/lib/money";

const STATUS_TONES: Record<ClaimLinkStatus, BadgeTone> = {
  held: "warning",
  expired: "neutral",
  ordered: "info",
  paid: "success",
  released: "neutral",
  waitlisted: "info",
};

/**
 * A viewer's claims of a live (issue 29), oldest first: product, code, variant, quantity,
 * price and where each stands. A held claim says until when, with the payment step's
 * countdown (`HoldNotice`, the same rule); a paid one its order's status.
 */
export function ClaimLinkClaims({ view, currency }: { view: ClaimLinkView; currency: string }) {
  const { t } = useTranslation();
  return (
    <section className="mb-6 space-y-3" aria-labelledby="claims-title" data-testid="claim-link">
      <h2 id="claims-title" className="text-lg font-semibold">
        {t("claim_link.title", { title: view.live.title })}
      </h2>
      <p className="text-sm opacity-80">{t("claim_link.handle", { handle: view.link.handle })}</p>
      {view.claims.length === 0 ? (
        <p className="text-sm">{t("claim_link.empty")}</p>
      ) : (
        <ul className="space-y-3">
          {view.claims.map((claim) => (
            <ClaimItem key={claim.id} claim={claim} currency={currency} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClaimItem({ claim, currency }: { claim: ClaimLinkLine; currency: string }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="space-y-2 rounded-xl border border-black/10 bg-white p-3 text-slate-900" data-testid="claim-line">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">
            {claim.productName}
            {claim.variantName ? <span className="font-normal text-slate-700"> ({claim.variantName})</span> : null}
          </p>
          <p className="text-sm text-slate-700">
            {claim.code ? <span className="mr-2 font-mono font-semibold">{claim.code}</span> : null}
            {t("claim_link.quantity", { count: claim.quantity })} ·{" "}
            {formatMoney(claim.unitPriceCents * claim.quantity, currency, i18n.language)}
          </p>
        </div>
        <Badge tone={STATUS_TONES[claim.status]} data-testid="claim-status">
          {t(`claim_link.status.${claim.status}`)}
        </Badge>
      </div>
      <ClaimState claim={claim} />
    </li>
  );
}

/** Below a claim: its hold, its order, or the waitlist. */
function ClaimState({ claim }: { claim: ClaimLinkLine }) {
  const { t } = useTranslation();
  if (claim.order && claim.status === "paid") {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {t("claim_link.order", { number: claim.order.number })}
        <OrderStatusBadge status={claim.order.status} />
      </p>
    );
  }
  if (claim.order && claim.status === "ordered") {
    return (
      <Link to={`/?order=${claim.order.id}&step=payment`} className={buttonClasses("outline", "sm")}>
        {t("claim_link.pay_order", { number: claim.order.number })}
      </Link>
    );
  }
  if ((claim.status === "held" || claim.status === "expired") && claim.heldUntil) {
    const state = claim.status === "held" ? "held" : claim.available ? "lapsed" : "sold_out";
    return <HoldNotice hold={{ until: claim.heldUntil, state }} />;
  }
  if (claim.status === "waitlisted") return <p className="text-sm">{t("claim_link.waitlisted")}</p>;
  return null;
}

/** Nothing to pay on the link now: what was claimed is paid, released or waiting. */
export function NothingToPay({ paid }: { paid: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid="claim-link-nothing-to-pay">
      <Alert tone="info" title={t("claim_link.nothing_to_pay")}>
        {paid ? t("claim_link.more_later") : null}
      </Alert>
    </div>
  );
}
