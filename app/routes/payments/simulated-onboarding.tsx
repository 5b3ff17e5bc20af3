import { getFormProps } from "@conform-to/react";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useTranslation } from "react-i18next";
import { Form, redirect, useNavigation } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/simulated-onboarding";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FormErrors, SelectField, TextField } from "~/components/forms/fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import { finishSimulatedOnboarding } from "~/domain/payments/simulated-actions.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { singleFormAction } from "~/http/forms.server";
import { notFoundPage, requireSellerPage } from "~/http/guards.server";
import { simulatedOnboardingSchema } from "~/schemas/payments";

/** The simulated provider's onboarding page (test mode): the signed-in seller's own account only. */
async function sellerAccountId(request: Request, context: Route.LoaderArgs["context"]) {
  if (getPaymentProvider().slug !== "simulated") throw notFoundPage();
  const { account } = await requireSellerPage(request, context);
  const accountId = account.profile.stripeConnectAccountId;
  if (!accountId) throw redirect("/dashboard#stripe-connect");
  return { account, accountId };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { account } = await sellerAccountId(request, context);
  const t = getI18nInstance(context).t;
  return { businessName: account.profile.businessName, meta: { title: t("payments.simulated.onboarding_title") } };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.meta.title }];

export const action = singleFormAction(async ({ request, context }) => (await sellerAccountId(request, context)).accountId)({
  errors: "form",
  handle: async ({ guarded: accountId, parse, context }) => {
    const { business_name, country } = parse(simulatedOnboardingSchema);
    await finishSimulatedOnboarding(accountId, { businessName: business_name, country });
    setToast(context, { type: "success", message: getI18nInstance(context).t("payments.simulated.connected") });
    return redirect("/dashboard#stripe-connect");
  },
});

export default function SimulatedOnboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm("simulated-onboarding", simulatedOnboardingSchema, {
    lastResult: actionData,
    defaultValue: { business_name: loaderData.businessName, country: "FR", iban: "FR76 3000 6000 0112 3456 7890 189" },
  });
  return (
    <section className="container-page flex justify-center py-16">
      <div className="w-full max-w-lg rounded-2xl border border-amber-300 bg-white p-8 shadow-sm">
        <Badge tone="warning">{t("payments.test_mode")}</Badge>
        <h1 className="mt-3 text-2xl font-bold">{t("payments.simulated.onboarding_title")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("payments.simulated.onboarding_intro")}</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          <CsrfInput />
          <FormErrors errors={form.errors} />
          <TextField field={fields.business_name} label={t("sellers.fields.business_name")} />
          <SelectField
            field={fields.country}
            label={t("payments.simulated.country")}
            options={["FR", "BE", "CH", "LU", "DE", "ES", "IT", "GB"].map((c) => ({
              value: c,
              label: t(`payments.simulated.countries.${c}`),
            }))}
          />
          <TextField field={fields.iban} label={t("payments.simulated.iban")} hint={t("payments.simulated.iban_hint")} />
          <Button type="submit" pending={navigation.state === "submitting"} className="w-full">
            {t("payments.simulated.submit")}
          </Button>
        </Form>
      </div>
    </section>
  );
}
