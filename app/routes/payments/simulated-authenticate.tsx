import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/simulated-authenticate";
import { CsrfInput } from "~/components/forms/csrf-input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ShieldIcon } from "~/components/ui/icons";
import { answerSimulatedAuthentication, simulatedChallengeFor } from "~/domain/payments/simulated-actions.server";
import { singleFormAction } from "~/http/forms.server";
import { orNotFound, throwIfNotFound } from "~/http/guards.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { orderViewer } from "~/http/shopper.server";
import { formatMoney } from "~/lib/money";
import { getI18nInstance } from "~/middleware/i18n.server";
import { hostShopPage } from "~/middleware/site.server";

/**
 * The simulated bank's authentication step (card 4000 0025 0000 3155): Complete or Fail,
 * then back to `return_to` on this site. Only the paying shopper's browser gets it, on the
 * order's shop's host (the 404 page elsewhere).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const shop = hostShopPage(context);
  const intent = await orNotFound(simulatedChallengeFor(params.intentId, await orderViewer(request, context), shop.id));
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("return_to"), "/");
  return {
    amountCents: intent.amountCents,
    currency: intent.currency,
    waiting: intent.status === "requires_action",
    returnTo,
    title: getI18nInstance(context).t("payments.simulated.authenticate_title"),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

/** The shopper's answer to the challenge, then back to the shop as Stripe would return. */
export const action = singleFormAction(() => null)({
  errors: (error) => {
    throwIfNotFound(error);
    throw error;
  },
  handle: async ({ params, request, context, formData }) => {
    const outcome = formData.get("outcome") === "complete" ? "complete" : "fail";
    const intentId = params.intentId ?? "";
    const shop = hostShopPage(context);
    const answered = await answerSimulatedAuthentication(intentId, outcome, await orderViewer(request, context), shop.id);
    const target = new URL(safeRedirectPath(formData.get("return_to"), "/"), "http://local");
    // The same parameters Stripe adds to its return URL.
    target.searchParams.set("payment_intent", intentId);
    target.searchParams.set("redirect_status", answered.status === "succeeded" ? "succeeded" : "failed");
    return redirect(safeRedirectPath(target.pathname + target.search, "/"));
  },
});

export default function SimulatedAuthenticate({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <section className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-amber-300 bg-white p-8 text-center text-slate-900 shadow-sm">
        <Badge tone="warning">{t("payments.test_mode")}</Badge>
        <ShieldIcon className="mx-auto mt-4 size-10 text-slate-700" />
        <h1 className="mt-3 text-xl font-bold">{loaderData.title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {t("payments.simulated.authenticate_body", { amount: formatMoney(loaderData.amountCents, loaderData.currency, i18n.language) })}
        </p>
        {loaderData.waiting ? (
          <div className="mt-6 grid grid-cols-2 gap-3">
            {(["fail", "complete"] as const).map((outcome) => (
              <Form key={outcome} method="post">
                <CsrfInput />
                <input type="hidden" name="return_to" value={loaderData.returnTo} />
                <input type="hidden" name="outcome" value={outcome} />
                <Button type="submit" variant={outcome === "complete" ? "primary" : "outline"} disabled={busy} className="w-full">
                  {t(`payments.simulated.${outcome}`)}
                </Button>
              </Form>
            ))}
          </div>
        ) : (
          <p className="mt-6 text-sm text-slate-600">{t("payments.simulated.authentication_done")}</p>
        )}
      </div>
    </section>
  );
}
