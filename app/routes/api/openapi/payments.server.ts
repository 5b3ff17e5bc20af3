import { tagged } from "./endpoint.server";
import { confirmRequestSchema, payRequestSchema, simulatedCardSchema } from "~/schemas/payments";

/** Connected payment accounts and an order's payment. */
export const paymentsEndpoints = tagged("Payments", [
  {
    path: "/customer/stripe/connect/",
    method: "post",
    auth: "seller",
    summary: "Create the connected account if needed and mint an onboarding link: {onboarding_url}.",
    also: { "409": "The business country changed while the account was being created", "502": "The payment provider failed" },
  },
  {
    path: "/customer/stripe/connect/update_status/",
    method: "post",
    auth: "seller",
    summary: "Read the payment account's state from the provider into the seller profile.",
    also: { "502": "The payment provider failed" },
  },
  {
    path: "/customer/info/",
    method: "get",
    auth: "none",
    summary: "{stripe_connect_account_id, client_name} of the shop (shop host) or of the seller.",
  },
  {
    path: "/payment/pay/",
    method: "post",
    auth: "none",
    summary: "Start (or resume) an order's payment: {client_secret, transaction_id, amount, currency}.",
    body: payRequestSchema,
    also: { "409": "Already paid, cancelled, or the shop cannot receive payments", "502": "The payment provider failed" },
  },
  {
    path: "/payment/confirm/",
    method: "post",
    auth: "none",
    summary: "Record the payment's real status, read from the provider.",
    body: confirmRequestSchema,
    also: { "502": "The payment provider failed" },
  },
  {
    path: "/payment/webhook/",
    method: "post",
    auth: "signature",
    summary: "Stripe Connect webhook (Stripe-Signature verified on the raw body).",
  },
  {
    path: "/payment/simulated/confirm/",
    method: "post",
    auth: "none",
    summary: "Test mode only: pay a simulated intent with a test card.",
    body: simulatedCardSchema,
  },
]);
