import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect, replace, useActionData } from "react-router";
import { setToast } from "remix-toast/middleware";
import { toast } from "sonner";
import type { Route } from "./+types/register";
import { Step1Form, Step2Form, Step3Form } from "~/components/registration/step-forms";
import { StepIndicator, TrustBadges } from "~/components/registration/wizard-chrome";
import { ConflictError } from "~/domain/errors.server";
import { mainPageMeta } from "~/routes/page-meta.server";
import {
  completeRegistration,
  parseStepNumber,
  registrationStatus,
  registrationStepValues,
  saveStep1,
  saveStep2,
  saveStepDraft,
} from "~/domain/sellers/registration.server";
import { formErrorResponse } from "~/http/forms.server";
import { translateMessage } from "~/lib/messages";
import { metaDescriptors } from "~/lib/page-meta";
import { getConfig } from "~/config.server";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { clientAddressContext } from "~/middleware/request.server";
import { beginUserSession, currentUser, ensureVisitorSession, sessionContext } from "~/middleware/session.server";
import { registrationStep1Schema, registrationStep2Schema, registrationStep3Schema } from "~/schemas/sellers";

export function loader({ request, context }: Route.LoaderArgs) {
  if (currentUser(context)) throw redirect("/dashboard");
  const status = registrationStatus(context.get(sessionContext)?.id ?? null);
  const requested = Number(new URL(request.url).searchParams.get("step"));
  // Resume at the next step; earlier steps can be revisited, later ones cannot be skipped to.
  const step = requested >= 1 && requested <= status.next_step ? requested : status.next_step;
  return {
    step,
    values: registrationStepValues(status.data, parseStepNumber(step)),
    rootDomain: getConfig().ROOT_DOMAIN,
    meta: mainPageMeta(getI18nInstance(context).t, "seller_registration", new URL(request.url)),
  };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export async function action({ request, context }: Route.ActionArgs) {
  if (currentUser(context)) throw redirect("/dashboard");
  const t = getI18nInstance(context).t;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const session = ensureVisitorSession(request, context);
  const headers = new Headers();
  if (session.setCookie) headers.append("Set-Cookie", session.setCookie);

  if (formData.get("back") !== null) {
    // Previous: keep what was typed on this step, then show the one before.
    const step = parseStepNumber(String(intent).replace("step", ""));
    saveStepDraft(session.id, step, Object.fromEntries(formData));
    return redirect(`/register?step=${Math.max(1, step - 1)}`, { headers });
  }

  if (intent === "step1" || intent === "step2") {
    const schema = intent === "step1" ? registrationStep1Schema : registrationStep2Schema;
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400, headers });
    try {
      const address = context.get(clientAddressContext);
      if (intent === "step1") saveStep1(session.id, submission.value as ReturnType<typeof registrationStep1Schema.parse>, address);
      else saveStep2(session.id, submission.value as ReturnType<typeof registrationStep2Schema.parse>, address);
    } catch (error) {
      return formErrorResponse(submission, error, { headers });
    }
    const step = intent === "step1" ? 1 : 2;
    setToast(context, { type: "success", message: t("register.step_completed", { step }) });
    return redirect(`/register?step=${step + 1}`, { headers });
  }

  if (intent === "step3") {
    const submission = parseWithZod(formData, { schema: registrationStep3Schema });
    const hidden = ["password", "password_confirm"];
    if (submission.status !== "success") return data(submission.reply({ hideFields: hidden }), { status: 400, headers });
    try {
      const user = await completeRegistration(session.id, submission.value, getLocale(context), context.get(clientAddressContext));
      headers.append("Set-Cookie", beginUserSession(request, context, user));
      setToast(context, { type: "success", message: t("register.completed") });
      return replace("/dashboard", { headers });
    } catch (error) {
      // The subdomain was taken since step 1: back to step 1 to choose another.
      if (error instanceof ConflictError && error.fieldErrors.subdomain) {
        setToast(context, { type: "error", message: t("sellers.subdomain.taken") });
        return redirect("/register?step=1", { headers });
      }
      return formErrorResponse(submission, error, { hideFields: hidden, headers });
    }
  }
  throw data({ message: t("errors.unknown_action") }, { status: 400 });
}

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, values, rootDomain } = loaderData;
  const lastResult = useActionData<typeof action>();
  const formError = lastResult?.error?.[""]?.[0];
  useEffect(() => {
    if (formError) toast.error(translateMessage(t, formError));
  }, [lastResult, formError, t]);

  return (
    <section className="container-page flex justify-center py-12">
      <div className="w-full max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">{t("register.title")}</h1>
        <p className="mt-2 text-slate-600">{t("register.subtitle")}</p>
        <div className="mt-8 rounded-2xl border border-border bg-white p-6 shadow-sm sm:p-8">
          <StepIndicator step={step} />
          <h2 className="mt-6 text-xl font-semibold">{t(`register.step_titles.${step}`)}</h2>
          <div className="mt-4">
            {step === 1 ? <Step1Form key="s1" lastResult={lastResult} defaultValue={values} rootDomain={rootDomain} /> : null}
            {step === 2 ? <Step2Form key="s2" lastResult={lastResult} defaultValue={values} /> : null}
            {step === 3 ? <Step3Form key="s3" lastResult={lastResult} defaultValue={values} /> : null}
          </div>
        </div>
        <TrustBadges />
      </div>
    </section>
  );
}
