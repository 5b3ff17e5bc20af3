import type { TFunction } from "i18next";
import type { Language } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { translatorFor } from "~/lib/translations.server";
import { renderMail, type RenderedMail } from "./templates.server";

/** A refund of the shopper's payment (partial or the rest), in the language they ordered in. */
export function orderRefundMail(
  language: Language,
  params: {
    shopName: string;
    customer: string;
    number: string;
    amountCents: number;
    paidCents: number;
    refundedCents: number;
    currency: string;
    link: string;
    /** Refunded by the shop itself: the item sold out before the payment arrived. */
    soldOut?: boolean;
  },
): RenderedMail {
  const t = translatorFor(language);
  const money = (cents: number) => formatMoney(cents, params.currency, language);
  const full = params.refundedCents >= params.paidCents;
  return renderMail(t, {
    subject: t("refunds.mail.subject", { shop: params.shopName, number: params.number }),
    greeting: t("mail.greeting", { name: params.customer }),
    paragraphs: [
      ...(params.soldOut ? [t("refunds.mail.sold_out")] : []),
      t("refunds.mail.refunded", { shop: params.shopName, number: params.number, amount: money(params.amountCents) }),
      full
        ? t("refunds.mail.in_full", { paid: money(params.paidCents) })
        : t("refunds.mail.so_far", { refunded: money(params.refundedCents), paid: money(params.paidCents) }),
      t("refunds.mail.delay"),
    ],
    action: { label: t("mail.order_status.action"), url: params.link },
  });
}

/** The failure reasons a shopper can act on (their card): others are the shop's business. */
const CARD_FAILURE_REASONS = new Set(["lost_or_stolen_card", "expired_or_canceled_card"]);

/** The provider's reason for a failed refund, as a sentence (an unknown code reads as "no reason given"). */
export function refundFailureReason(t: TFunction, reason: string): string {
  return t(`refunds.failure_reason.${reason}`, { defaultValue: t("refunds.failure_reason.unknown") });
}

/**
 * A refund the shopper was told about did not reach them (the card issuer sent it back): said
 * plainly, with the reason when it is about their card, in the language they ordered in.
 */
export function orderRefundFailedMail(
  language: Language,
  params: { shopName: string; customer: string; number: string; amountCents: number; currency: string; reason: string; link: string },
): RenderedMail {
  const t = translatorFor(language);
  const amount = formatMoney(params.amountCents, params.currency, language);
  return renderMail(t, {
    subject: t("refunds.failed_mail.subject", { shop: params.shopName, number: params.number }),
    greeting: t("mail.greeting", { name: params.customer }),
    paragraphs: [
      t("refunds.failed_mail.body", { shop: params.shopName, number: params.number, amount }),
      ...(CARD_FAILURE_REASONS.has(params.reason) ? [refundFailureReason(t, params.reason)] : []),
      t("refunds.failed_mail.next", { shop: params.shopName }),
    ],
    action: { label: t("mail.order_status.action"), url: params.link },
  });
}

/** The seller's refund failed at the provider after it was made: what, why, and what to do. */
export function refundFailedMailToSeller(
  language: Language,
  params: { shopName: string; number: string; customer: string; amountCents: number; currency: string; reason: string; link: string },
): RenderedMail {
  const t = translatorFor(language);
  const amount = formatMoney(params.amountCents, params.currency, language);
  return renderMail(t, {
    subject: t("refunds.failed_seller_mail.subject", { number: params.number, amount }),
    greeting: t("mail.greeting", { name: params.shopName }),
    paragraphs: [
      t("refunds.failed_seller_mail.body", { number: params.number, customer: params.customer, amount }),
      refundFailureReason(t, params.reason),
      t("refunds.failed_seller_mail.next"),
    ],
    action: { label: t("refunds.failed_seller_mail.action"), url: params.link },
  });
}
