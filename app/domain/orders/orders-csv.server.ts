import { stringify, type Options } from "csv-stringify/sync";
import { centsToDecimalString } from "~/lib/money";
import type { OrderListQuery } from "~/schemas/checkout";
import { formatOrderNumber, listOrders, type OrderScope } from "./orders.server";
import { purchaseLabelResource, shippingResource } from "./shipping-fields.server";

const MAX_ROWS = 50_000;

/**
 * Whether a spreadsheet would run the cell as a formula: it starts with = or @ (or a tab /
 * carriage return, which some strip before looking), or with + or - followed by anything
 * but digits and number punctuation. "+33 6 12 34 56 78", "-12.50" or "(0)1-23" are data:
 * without a letter or an operator such as | ! : & there is no function, reference or DDE
 * call to run, so they are written as they are.
 */
export function isFormulaLike(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  return /^[+-]/.test(text) && !/^[+-][\d\s.,()/+-]*$/.test(text);
}

/**
 * How the export writes cells (csv-stringify): every cell quoted, empty ones too, quotes
 * doubled, CRLF line ends; formula-like text gets an apostrophe in front. Not csv-stringify's
 * own `escape_formulas`, which would also mark every phone number (+33...) and negative amount.
 */
const CSV_FORMAT = {
  quoted: true,
  quoted_empty: true,
  record_delimiter: "windows",
  cast: { string: (text: string) => (isFormulaLike(text) ? `'${text}` : text) },
} satisfies Options;

/** One CSV cell as the export writes it. */
export function csvCell(value: string | number): string {
  return stringify([[value]], { ...CSV_FORMAT, eof: false });
}

export const CSV_COLUMNS = [
  "order_number",
  "created_at",
  "status",
  "payment_status",
  "total_amount",
  "currency",
  "full_name",
  "company_name",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "zip_code",
  "country",
  "social_network_handle",
  "reference",
  "live_reference",
  "content",
  "items",
  // Issue 28: what the shopper paid for shipping and how, the parcel it is packed in, how it left.
  "subtotal_amount",
  "shipping_amount",
  "shipping_method",
  "parcel_id",
  "carrier",
  "tracking_number",
] as const;

/** The filtered orders as CSV (UTF-8 with BOM, header row, amounts as decimals). */
export async function ordersCsv(scope: OrderScope, query: Omit<OrderListQuery, "page" | "page_size">): Promise<string> {
  const rows: Record<(typeof CSV_COLUMNS)[number], string>[] = [];
  for (let page = 1; (page - 1) * 500 < MAX_ROWS; page++) {
    const { items } = await listOrders(scope, { ...query, page, page_size: 500 } as OrderListQuery);
    for (const order of items) {
      rows.push({
        order_number: formatOrderNumber(order.number),
        created_at: order.createdAt.toISOString(),
        status: order.status,
        payment_status: order.paymentStatus,
        total_amount: centsToDecimalString(order.totalAmountCents),
        currency: order.currency,
        ...shippingResource(order),
        ...purchaseLabelResource(order),
        items: order.items.map((i) => `${i.quantity} x ${i.productName} (${centsToDecimalString(i.priceCents)})`).join("; "),
        subtotal_amount: centsToDecimalString(order.totalAmountCents - order.shippingAmountCents),
        shipping_amount: centsToDecimalString(order.shippingAmountCents),
        shipping_method: order.shippingMethod ?? "",
        parcel_id: order.parcelId === null ? "" : String(order.parcelId),
        carrier: order.carrier ?? "",
        tracking_number: order.trackingNumber ?? "",
      });
    }
    if (items.length < 500) break;
  }
  // A BOM, so that spreadsheets read the file as UTF-8.
  return stringify(rows, { ...CSV_FORMAT, bom: true, header: true, columns: [...CSV_COLUMNS] });
}
