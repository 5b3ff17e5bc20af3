import { useTranslation } from "react-i18next";
import { redirect, replace, useActionData } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/register";
import { useFormErrorToast } from "~/components/forms/use-form-error-toast";
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
import { formAction } from "~/http/forms.server";
import type { IntentArgs } from "~/http/forms.server";
import { metaDescriptors } from "~/lib/page-meta";
import { getConfig } from "~/config.server";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { clientAddressContext } from "~/middleware/request.server";
import { beginUserSession, currentUser, ensureVisitorSession, sessionContext } from "~/middleware/session.server";
import { registrationStep1Schema, registrationStep2Schema, registrationStep3Schema } from "~/schemas/sellers";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (currentUser(context)) throw redirect("/dashboard");
  const status = await registrationStatus(context.get(sessionContext)?.id ?? null);
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

type RegisterArgs = IntentArgs<{ sessionId: string; headers: Headers }>;

/** Previous: keep what was typed on this step, then show the one before. */
async function previousStep({ formData, intent, guarded: { sessionId, headers } }: RegisterArgs) {
  const step = parseStepNumber(intent.replace("step", ""));
  await saveStepDraft(sessionId, step, Object.fromEntries(formData));
  return redirect(`/register?step=${Math.max(1, step - 1)}`, { headers });
}

function wizardStep(step: 1 | 2) {
  return {
    errors: "form",
    handle: async (args: RegisterArgs) => {
      if (args.formData.get("back") !== null) return await previousStep(args);
      const { context, guarded } = args;
      const address = context.get(clientAddressContext);
      if (step === 1) await saveStep1(guarded.sessionId, args.parse(registrationStep1Schema, { headers: guarded.headers }), address);
      else await saveStep2(guarded.sessionId, args.parse(registrationStep2Schema, { headers: guarded.headers }), address);
      setToast(context, { type: "success", message: getI18nInstance(context).t("register.step_completed", { step }) });
      return redirect(`/register?step=${step + 1}`, { headers: guarded.headers });
    },
  } as const;
}

export const action = formAction(async ({ request, context }) => {
  if (currentUser(context)) throw redirect("/dashboard");
  const session = await ensureVisitorSession(request, context);
  const headers = new Headers();
  if (session.setCookie) headers.append("Set-Cookie", session.setCookie);
  return { sessionId: session.id, headers };
})({
  step1: wizardStep(1),
  step2: wizardStep(2),
  step3: {
    errors: (error, args) => {
      // The subdomain was taken since step 1: back to step 1 to choose another.
      if (error instanceof ConflictError && error.fieldErrors.subdomain) {
        setToast(args.context, { type: "error", message: getI18nInstance(args.context).t("sellers.subdomain.taken") });
        return redirect("/register?step=1", { headers: args.guarded.headers });
      }
      return args.reply(error);
    },
    handle: async (args: RegisterArgs) => {
      if (args.formData.get("back") !== null) return await previousStep(args);
      const { request, context, guarded } = args;
      const input = args.parse(registrationStep3Schema, { hideFields: ["password", "password_confirm"], headers: guarded.headers });
      const user = await completeRegistration(guarded.sessionId, input, getLocale(context), context.get(clientAddressContext));
      guarded.headers.append("Set-Cookie", await beginUserSession(request, context, user));
      setToast(context, { type: "success", message: getI18nInstance(context).t("register.completed") });
      return replace("/dashboard", { headers: guarded.headers });
    },
  },
});

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, values, rootDomain } = loaderData;
  const lastResult = useActionData<typeof action>();
  useFormErrorToast(lastResult);

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
