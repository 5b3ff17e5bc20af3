import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/payment-success";
import { DomainError } from "~/domain/errors.server";
import { confirmPayment } from "~/domain/payments/intents.server";
import { orderViewer } from "~/http/shopper.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { hostShopPage } from "~/middleware/site.server";

/**
 * The payment return URL (/payment-success): the provider sends the shopper back here after
 * an authentication step. The order is finished from the query parameters, by asking the
 * provider for the real status.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = hostShopPage(context);
  const t = getI18nInstance(context).t;
  const url = new URL(request.url);
  const transactionId = url.searchParams.get("transaction_id");
  const intentId = url.searchParams.get("payment_intent");
  if (!transactionId || !intentId) {
    setToast(context, { type: "error", message: t("payments.errors.confirm_failed") });
    return redirect("/");
  }
  try {
    const { transaction, orderId } = await confirmPayment(transactionId, intentId, await orderViewer(request, context), shop.id);
    if (transaction.status === "succeeded") return redirect(`/?order=${orderId}&step=success`);
    // Not a failure: the payment step shows it as processing until the webhook settles it.
    // A failure is shown by the payment step from the payment's record, once (no toast).
    return redirect(`/?order=${orderId}&step=payment`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The provider says whether the payment itself went through; only then is it "succeeded but…".
    const paid = url.searchParams.get("redirect_status") === "succeeded";
    setToast(context, { type: "error", message: t(paid ? "checkout.confirmation_failed" : "payments.errors.confirm_failed") });
    return redirect("/");
  }
}

/**
 * The loader always redirects; this empty page exists so a request on the wrong site gets
 * the HTML 404 page rather than the guard's JSON.
 */
export default function PaymentSuccess() {
  return null;
}
