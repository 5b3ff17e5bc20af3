import type { PaymentStatus } from "~/lib/order-states";

/**
 * Payment states only move forward: nothing leaves succeeded except a (partial) refund,
 * a partial refund can only become a full one, and refunded and canceled are final.
 * Retries, duplicates and reordered events cannot undo a payment. The one way back is not
 * a move of this rule: a refund the provider reports failed gives back what it took
 * (`paymentStatusAfterFailedRefund`).
 */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (from === "refunded" || from === "canceled") return false;
  if (from === "succeeded") return to === "partially_refunded" || to === "refunded";
  if (from === "partially_refunded") return to === "refunded";
  return to !== "refunded" && to !== "partially_refunded";
}

/** The payment states of a real order: the money arrived (some or all of it may have been refunded since). */
export const PAID_PAYMENT_STATUSES = ["succeeded", "partially_refunded", "refunded"] as const satisfies readonly PaymentStatus[];

/** Every other state: a checkout that was never paid (open, failed, needing action, or canceled). A unit test checks the two lists cover every state once. */
export const UNPAID_PAYMENT_STATUSES = [
  "pending",
  "processing",
  "requires_action",
  "requires_payment_method",
  "failed",
  "canceled",
] as const satisfies readonly PaymentStatus[];

export function isPaid(status: PaymentStatus): boolean {
  return (PAID_PAYMENT_STATUSES as readonly string[]).includes(status);
}

/** Whether some of the payment can still be refunded. */
export function isRefundable(status: PaymentStatus): boolean {
  return status === "succeeded" || status === "partially_refunded";
}

/** The payment state once `refundedCents` of `paidCents` went back. */
export function paymentStatusAfterRefund(paidCents: number, refundedCents: number): "partially_refunded" | "refunded" {
  return refundedCents >= paidCents ? "refunded" : "partially_refunded";
}

/**
 * The payment state of a paid payment once a refund failed after it was counted: what is
 * still refunded (`refundedCents`) decides, and nothing refunded is a plain succeeded payment.
 */
export function paymentStatusAfterFailedRefund(paidCents: number, refundedCents: number): "succeeded" | "partially_refunded" | "refunded" {
  return refundedCents > 0 ? paymentStatusAfterRefund(paidCents, refundedCents) : "succeeded";
}
