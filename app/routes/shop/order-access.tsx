import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/order-access";
import { CsrfInput } from "~/components/forms/csrf-input";
import { IntentButton } from "~/components/forms/intent-button";
import { FormErrors, TextField } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { RateLimitedError } from "~/domain/errors.server";
import type { DomainError } from "~/domain/errors.server";
import { shopPageMeta } from "~/routes/page-meta.server";
import {
  ACCESS_CODE_TTL_MS,
  forgetShopperEmails,
  requestShopperAccessCode,
  verifyShopperAccessCode,
} from "~/domain/orders/shopper-access.server";
import { formAction } from "~/http/forms.server";
import type { IntentArgs } from "~/http/forms.server";
import { ensureShopperKey, orderViewer } from "~/http/shopper.server";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { clientAddressContext } from "~/middleware/request.server";
import { hostShopPage, siteUrl } from "~/middleware/site.server";
import type { Shop } from "~db/schema";
import { shopperCodeRequestSchema, shopperCodeVerifySchema } from "~/schemas/shopper-access";
import { BackLink } from "~/components/ui/back-link";

/**
 * A shopper sees their orders of this shop from any browser: they enter the email they
 * ordered with, get a one-time code by mail, and this browser then shows that email's orders.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = hostShopPage(context);
  const meta = shopPageMeta(getI18nInstance(context).t, shop, new URL(request.url), siteUrl(context));
  return { meta, emails: (await orderViewer(request, context)).provenEmails?.emails ?? [], codeMinutes: ACCESS_CODE_TTL_MS / 60_000 };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

/** A 429 says when to come back. */
function withRetryAfter(headers: Record<string, string> | undefined, error: unknown): Record<string, string> | undefined {
  return error instanceof RateLimitedError ? { ...headers, "Retry-After": String(error.retryAfterSeconds) } : headers;
}

// Only Set-Cookie reaches the document response by itself; the 429's Retry-After is passed on here.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

type Step = "email" | "code";
type AccessActionData = { step: Step; email: string; result: SubmissionResult<string[]> };

type AccessArgs = IntentArgs<{ shop: Shop; shopper: { hash: string; setCookie: string | null } }>;

function shopperHeaders({ guarded: { shopper } }: AccessArgs) {
  return shopper.setCookie ? { "Set-Cookie": shopper.setCookie } : undefined;
}

function requester({ guarded: { shop, shopper }, context }: AccessArgs) {
  return { shopId: shop.id, shopperKeyHash: shopper.hash, clientAddress: context.get(clientAddressContext) };
}

/** A step's form: a refusal (unknown email, wrong code, too many tries) shows on it, with what was typed. */
function accessStep(step: Step, schema: typeof shopperCodeRequestSchema | typeof shopperCodeVerifySchema) {
  return (error: DomainError, args: AccessArgs) => {
    const failed = args.reply(error);
    const parsed = parseWithZod(args.formData, { schema });
    const email = parsed.status === "success" ? parsed.value.email : "";
    return data<AccessActionData>(
      { step, email, result: failed.data },
      { status: failed.init?.status, headers: withRetryAfter(shopperHeaders(args), error) },
    );
  };
}

export const action = formAction(({ request, context }) => ({ shop: hostShopPage(context), shopper: ensureShopperKey(request) }))({
  forget: {
    errors: "toast",
    handle: async (args: AccessArgs) => {
      await forgetShopperEmails(args.guarded.shop.id, args.guarded.shopper.hash);
      setToast(args.context, { type: "success", message: getI18nInstance(args.context).t("shopper_access.forgotten") });
      return redirect("/orders/access", { headers: shopperHeaders(args) });
    },
  },
  "request-code": {
    errors: accessStep("email", shopperCodeRequestSchema),
    handle: async (args: AccessArgs) => {
      const submission = parseWithZod(args.formData, { schema: shopperCodeRequestSchema });
      if (submission.status !== "success")
        return data<AccessActionData>(
          { step: "email", email: "", result: submission.reply() },
          { status: 400, headers: shopperHeaders(args) },
        );
      const { shop } = args.guarded;
      await requestShopperAccessCode({ ...requester(args), email: submission.value.email, shop, language: getLocale(args.context) });
      return data<AccessActionData>(
        { step: "code", email: submission.value.email, result: submission.reply({ resetForm: true }) },
        { headers: shopperHeaders(args) },
      );
    },
  },
  "verify-code": {
    errors: accessStep("code", shopperCodeVerifySchema),
    handle: async (args: AccessArgs) => {
      const submission = parseWithZod(args.formData, { schema: shopperCodeVerifySchema });
      const email = String(args.formData.get("email") ?? "");
      if (submission.status !== "success")
        return data<AccessActionData>({ step: "code", email, result: submission.reply() }, { status: 400, headers: shopperHeaders(args) });
      await verifyShopperAccessCode({ ...requester(args), email: submission.value.email, code: submission.value.code });
      const t = getI18nInstance(args.context).t;
      setToast(args.context, { type: "success", message: t("shopper_access.verified", { email: submission.value.email }) });
      return redirect("/orders", { headers: shopperHeaders(args) });
    },
  },
});

export default function OrderAccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { emails, codeMinutes } = loaderData;
  const step = actionData?.step ?? "email";
  return (
    <section className="container-page max-w-xl py-10">
      <BackLink to="/orders">{t("shopper_access.back_to_orders")}</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t("shopper_access.title")}</h1>
      <p className="mt-2 opacity-80">{t("shopper_access.intro")}</p>
      <div className="mt-6 rounded-xl border border-black/10 bg-white p-6 text-slate-900 shadow-sm">
        {step === "code" && actionData ? (
          <CodeForm email={actionData.email} lastResult={actionData.result} minutes={codeMinutes} />
        ) : (
          <EmailForm lastResult={actionData?.result} defaultEmail={actionData?.email} />
        )}
      </div>
      {emails.length ? (
        <div className="mt-6 rounded-xl border border-black/10 bg-white p-6 text-slate-900 shadow-sm" data-testid="proven-emails">
          <h2 className="text-lg font-semibold">{t("shopper_access.proven.title")}</h2>
          <ul className="mt-2 list-inside list-disc break-words">
            {emails.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
          <IntentButton intent="forget" className="mt-4">
            {t("shopper_access.proven.forget")}
          </IntentButton>
        </div>
      ) : null}
    </section>
  );
}

function EmailForm({ lastResult, defaultEmail }: { lastResult?: SubmissionResult<string[]>; defaultEmail?: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm("shopper-code-request", shopperCodeRequestSchema, {
    lastResult,
    defaultValue: { email: defaultEmail },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="request-code" />
      <FormErrors errors={form.errors} />
      <TextField field={fields.email} label={t("shopper_access.fields.email")} type="email" inputProps={{ autoComplete: "email" }} />
      <Button type="submit" className="w-full sm:w-auto" pending={navigation.formData?.get("intent") === "request-code"}>
        {t("shopper_access.send_code")}
      </Button>
    </Form>
  );
}

function CodeForm({ email, lastResult, minutes }: { email: string; lastResult: SubmissionResult<string[]>; minutes: number }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm("shopper-code-verify", shopperCodeVerifySchema, { lastResult, defaultValue: { email } });
  return (
    <div className="space-y-4">
      <Alert tone="info" title={t("shopper_access.sent.title")}>
        {t("shopper_access.sent.body", { email, minutes })}
      </Alert>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="verify-code" />
        <input type="hidden" name="email" value={email} />
        <FormErrors errors={form.errors} />
        <TextField
          field={fields.code}
          label={t("shopper_access.fields.code")}
          inputProps={{ autoComplete: "one-time-code", inputMode: "numeric", autoFocus: true, className: "max-w-40 tracking-widest" }}
        />
        <Button type="submit" className="w-full sm:w-auto" pending={navigation.formData?.get("intent") === "verify-code"}>
          {t("shopper_access.verify")}
        </Button>
      </Form>
      <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4 text-sm">
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="request-code" />
          <input type="hidden" name="email" value={email} />
          <Button type="submit" variant="outline" size="sm">
            {t("shopper_access.resend")}
          </Button>
        </Form>
        <Link to="/orders/access" className="font-medium underline">
          {t("shopper_access.other_email")}
        </Link>
      </div>
    </div>
  );
}
