import type { TFunction } from "i18next";
import { escapeHtml } from "~/lib/escape-html";
import type { Language } from "~/lib/i18n";
import { intlLocale } from "~/lib/languages";
import { formatMoney } from "~/lib/money";
import { translatorFor } from "~/lib/translations.server";

export type RenderedMail = { subject: string; text: string; html: string };

type MailContent = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  details?: [string, string][];
  /** Links shown after the details (a parcel's tracking page), before the main action. */
  links?: { label: string; url: string }[];
};

/** One plain, accessible layout for every mail, as text and as HTML. */
function renderMail(t: TFunction, content: MailContent): RenderedMail {
  const brand = t("brand.name");
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.details ?? []).map(([k, v]) => `${k}: ${v}`),
    ...(content.details?.length ? [""] : []),
    ...(content.links ?? []).flatMap((link) => [`${link.label}: ${link.url}`, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    `— ${brand}`,
  ].join("\n");
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:18px;font-weight:bold;color:#FF0055;margin:0 0 24px">${escapeHtml(brand)}</p>
<p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join("\n")}
${
  content.details?.length
    ? `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${content.details
        .map(
          ([k, v]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#475569">${escapeHtml(k)}</td><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
        )
        .join("")}</table>`
    : ""
}
${(content.links ?? [])
  .map(
    (link) =>
      `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="color:#0f172a;font-weight:bold">${escapeHtml(link.label)}</a><br><span style="font-size:13px;color:#475569;word-break:break-all">${escapeHtml(link.url)}</span></p>`,
  )
  .join("\n")}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#FF0055;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#475569;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : ""
}
</td></tr></table></body></html>`;
  return { subject: content.subject, text, html };
}

export function verificationMail(language: Language, params: { name: string; link: string }): RenderedMail {
  const t = translatorFor(language);
  return renderMail(t, {
    subject: t("mail.verify.subject"),
    greeting: t("mail.greeting", { name: params.name }),
    paragraphs: [t("mail.verify.body"), t("mail.verify.expiry")],
    action: { label: t("mail.verify.action"), url: params.link },
  });
}

export { renderMail };

/** Approval (saying whether the shop is live yet) or rejection (with the reason, or the default one). */
export function sellerDecisionMail(
  language: Language,
  params: { name: string; dashboardUrl: string } & ({ approved: true; shopLive: boolean } | { approved: false; reason: string }),
): RenderedMail {
  const t = translatorFor(language);
  const key = params.approved ? "mail.seller_approved" : "mail.seller_rejected";
  return renderMail(t, {
    subject: t(`${key}.subject`),
    greeting: t("mail.greeting", { name: params.name }),
    paragraphs: params.approved
      ? [t(params.shopLive ? "mail.seller_approved.body_live" : "mail.seller_approved.body_pending")]
      : [
          t("mail.seller_rejected.body"),
          t("mail.seller_rejected.reason", { reason: params.reason || t("sellers.verification.default_rejection_reason") }),
        ],
    action: { label: t(`${key}.action`), url: params.dashboardUrl },
  });
}

type OrderMailDetails = {
  shopName: string;
  number: string;
  totalCents: number;
  currency: string;
  customer: string;
  items: { name: string; quantity: number; priceCents: number }[];
  /** What shipping cost, by which method (null: shipping included in prices, no line for it). */
  shippingCharge: { method: string; amountCents: number } | null;
  shipping: string[];
  link: string;
};

function orderLines(t: TFunction, language: Language, details: OrderMailDetails): [string, string][] {
  const money = (cents: number) => formatMoney(cents, details.currency, language);
  return [
    [t("mail.order.number"), `#${details.number}`],
    ...details.items.map((item): [string, string] => [`${item.quantity} × ${item.name}`, money(item.priceCents)]),
    // With shipping: the subtotal, the method and what it cost, then the total paid.
    ...(details.shippingCharge
      ? ([
          [t("shipping.checkout.subtotal"), money(details.totalCents - details.shippingCharge.amountCents)],
          [
            `${t("shipping.checkout.shipping")} (${details.shippingCharge.method})`,
            details.shippingCharge.amountCents ? money(details.shippingCharge.amountCents) : t("shipping.checkout.free"),
          ],
        ] satisfies [string, string][])
      : []),
    [t("mail.order.total"), money(details.totalCents)],
    [t("mail.order.shipping"), details.shipping.join(", ")],
  ];
}

export function orderPaidMailToShopper(language: Language, details: OrderMailDetails): RenderedMail {
  const t = translatorFor(language);
  return renderMail(t, {
    subject: t("mail.order_paid_shopper.subject", { shop: details.shopName, number: details.number }),
    greeting: t("mail.greeting", { name: details.customer }),
    paragraphs: [t("mail.order_paid_shopper.body", { shop: details.shopName })],
    details: orderLines(t, language, details),
    action: { label: t("mail.order_paid_shopper.action"), url: details.link },
  });
}

export function orderPaidMailToSeller(language: Language, details: OrderMailDetails): RenderedMail {
  const t = translatorFor(language);
  return renderMail(t, {
    subject: t("mail.order_paid_seller.subject", {
      number: details.number,
      total: formatMoney(details.totalCents, details.currency, language),
    }),
    greeting: t("mail.greeting", { name: details.shopName }),
    paragraphs: [t("mail.order_paid_seller.body", { customer: details.customer })],
    details: orderLines(t, language, details),
    action: { label: t("mail.order_paid_seller.action"), url: details.link },
  });
}

/** A shopper's bank contests a paid order's payment (or decided on it): the seller must know. */
export function disputeMailToSeller(
  language: Language,
  params: {
    shopName: string;
    number: string;
    customer: string;
    amountCents: number;
    currency: string;
    reason: string;
    status: string;
    closed: boolean;
    evidenceDueBy: Date | null;
    link: string;
  },
): RenderedMail {
  const t = translatorFor(language);
  const amount = formatMoney(params.amountCents, params.currency, language);
  const status = t(`sec_payments.disputes.status.${params.status}`, { defaultValue: params.status });
  const closed = params.closed;
  return renderMail(t, {
    subject: t(closed ? "sec_payments.disputes.mail.subject_closed" : "sec_payments.disputes.mail.subject_open", {
      number: params.number,
      status,
    }),
    greeting: t("mail.greeting", { name: params.shopName }),
    paragraphs: [
      t(closed ? "sec_payments.disputes.mail.body_closed" : "sec_payments.disputes.mail.body_open", {
        number: params.number,
        customer: params.customer,
        amount,
        status,
      }),
      ...(!closed && params.evidenceDueBy
        ? [
            t("sec_payments.disputes.mail.respond_by", {
              date: new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(params.evidenceDueBy),
            }),
          ]
        : []),
    ],
    details: [
      [t("sec_payments.disputes.amount"), amount],
      [t("sec_payments.disputes.reason_label"), t(`sec_payments.disputes.reason.${params.reason}`, { defaultValue: params.reason })],
      [t("sec_payments.disputes.status_label"), status],
    ],
    action: { label: t("sec_payments.disputes.mail.action"), url: params.link },
  });
}

/** How a parcel left, as a mail tells it: the carrier, its number and its tracking page (none for "Other"). */
export type MailTracking = { carrier: string; trackingNumber: string; trackingUrl: string | null };

function trackingContent(t: TFunction, tracking: MailTracking | undefined): Pick<MailContent, "details" | "links"> {
  if (!tracking) return {};
  return {
    details: [
      [t("fulfillment.carrier"), t(`fulfillment.carriers.${tracking.carrier}`)],
      [t("fulfillment.tracking_number"), tracking.trackingNumber],
    ],
    links: tracking.trackingUrl ? [{ label: t("fulfillment.mail.track"), url: tracking.trackingUrl }] : [],
  };
}

export function orderStatusMail(
  language: Language,
  params: {
    shopName: string;
    customer: string;
    number: string;
    status: string;
    refunded: boolean;
    link: string;
    /** The shipped mail's carrier and tracking number, when the seller gave them. */
    tracking?: MailTracking;
  },
): RenderedMail {
  const t = translatorFor(language);
  const status = t(`orders.status.${params.status}`);
  return renderMail(t, {
    subject: t("mail.order_status.subject", { shop: params.shopName, number: params.number, status }),
    greeting: t("mail.greeting", { name: params.customer }),
    paragraphs: [
      t(`mail.order_status.${params.status}`, { number: params.number, shop: params.shopName }),
      ...(params.refunded ? [t("mail.order_status.refunded")] : []),
    ],
    ...trackingContent(t, params.tracking),
    action: { label: t("mail.order_status.action"), url: params.link },
  });
}

/** A parcel of several orders left: one mail for all of them, with its tracking. */
export function parcelShippedMail(
  language: Language,
  params: { shopName: string; customer: string; numbers: string[]; link: string; tracking: MailTracking },
): RenderedMail {
  const t = translatorFor(language);
  const numbers = params.numbers.map((n) => `#${n}`).join(", ");
  return renderMail(t, {
    subject: t("fulfillment.mail.parcel_subject", { shop: params.shopName, numbers }),
    greeting: t("mail.greeting", { name: params.customer }),
    paragraphs: [t("fulfillment.mail.parcel_body", { shop: params.shopName, numbers, count: params.numbers.length })],
    ...trackingContent(t, params.tracking),
    action: { label: t("mail.order_status.action"), url: params.link },
  });
}

/** The seller renewed the order's status link: the old ones no longer open it. */
export function orderStatusLinkMail(
  language: Language,
  params: { shopName: string; customer: string; number: string; link: string },
): RenderedMail {
  const t = translatorFor(language);
  return renderMail(t, {
    subject: t("shopper_access.status_link_mail.subject", { shop: params.shopName, number: params.number }),
    greeting: t("mail.greeting", { name: params.customer }),
    paragraphs: [t("shopper_access.status_link_mail.body", { shop: params.shopName, number: params.number })],
    action: { label: t("shopper_access.status_link_mail.action"), url: params.link },
  });
}

/** The one-time code a shopper asked for to see their orders of a shop in another browser. */
export function shopperAccessCodeMail(language: Language, params: { shopName: string; code: string; minutes: number }): RenderedMail {
  const t = translatorFor(language);
  return renderMail(t, {
    subject: t("shopper_access.code_mail.subject", { shop: params.shopName, code: params.code }),
    greeting: t("shopper_access.code_mail.greeting"),
    paragraphs: [
      t("shopper_access.code_mail.body", { shop: params.shopName }),
      params.code,
      t("shopper_access.code_mail.expiry", { minutes: params.minutes }),
      t("shopper_access.code_mail.ignore"),
    ],
  });
}

/** The live's one-time reminder: the shopper's checkout of that live is still unpaid. */
export function liveReminderMail(
  language: Language,
  params: { shopName: string; liveTitle: string; customer: string; number: string; total: string; link: string },
): RenderedMail {
  const t = translatorFor(language);
  return renderMail(t, {
    subject: t("lives.reminder_mail.subject", { shop: params.shopName, number: params.number }),
    greeting: t("mail.greeting", { name: params.customer }),
    paragraphs: [
      t("lives.reminder_mail.body", { shop: params.shopName, live: params.liveTitle, number: params.number, total: params.total }),
      t("lives.reminder_mail.ignore"),
    ],
    action: { label: t("lives.reminder_mail.action"), url: params.link },
  });
}
