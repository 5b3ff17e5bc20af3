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
