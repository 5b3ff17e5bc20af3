import type { PaymentStatus } from "~db/schema";

/**
 * Payment states only move forward: nothing leaves succeeded except a refund, and refunded
 * and canceled are final. Retries, duplicates and reordered events cannot undo a payment.
 */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (from === "refunded" || from === "canceled") return false;
  if (from === "succeeded") return to === "refunded";
  return to !== "refunded";
}

export function isPaid(status: PaymentStatus): boolean {
  return status === "succeeded" || status === "refunded";
}
