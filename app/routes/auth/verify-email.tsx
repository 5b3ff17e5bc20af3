import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useActionData, useFetcher } from "react-router";
import type { Route } from "./+types/verify-email";
import { CsrfInput } from "~/components/forms/csrf-input";
import { Button, buttonClasses } from "~/components/ui/button";
import { CheckCircleIcon, XCircleIcon } from "~/components/ui/icons";
import { Spinner } from "~/components/ui/spinner";
import { verifyEmailToken } from "~/domain/accounts/email-verification.server";
import { singleFormAction } from "~/http/forms.server";
import { CSRF_FIELD } from "~/lib/csrf";
import { translateMessage } from "~/lib/messages";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { useRootData } from "~/components/site/root-data";

type VerifyResult = { verified: boolean; message: string };

export function loader({ params, context }: Route.LoaderArgs) {
  const t = getI18nInstance(context).t;
  return { token: params.token ?? null, meta: { title: t("auth.verify.page_title"), description: t("auth.verify.page_description") } };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

/**
 * The verification happens on a POST made by the page (automatically with JavaScript,
 * with a button without it): mail scanners that merely open the link do not use it up.
 */
export const action = singleFormAction(() => null)({
  errors: (error, { context }) =>
    data<VerifyResult>(
      { verified: false, message: translateMessage(getI18nInstance(context).t, error.messageKey, error.values) },
      { status: error.status },
    ),
  handle: async ({ params, context }): Promise<VerifyResult> => {
    await verifyEmailToken(params.token ?? "");
    return { verified: true, message: getI18nInstance(context).t("auth.verify.success") };
  },
});

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { token } = loaderData;
  const fetcher = useFetcher<VerifyResult>();
  const pageResult = useActionData<typeof action>();
  const started = useRef(false);
  const { csrfToken } = useRootData();

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // once, even when effects run twice in development
    void fetcher.submit({ [CSRF_FIELD]: csrfToken }, { method: "post" });
  }, [token, fetcher, csrfToken]);

  const result: VerifyResult | undefined = !token ? { verified: false, message: t("auth.verify.no_token") } : (fetcher.data ?? pageResult);
  const loading = Boolean(token) && !result && fetcher.state !== "idle";

  return (
    <section className="container-page flex justify-center py-20">
      <div className="w-full max-w-md rounded-2xl border border-border bg-white p-8 text-center shadow-sm" aria-live="polite">
        <h1 className="text-2xl font-bold">{t("auth.verify.title")}</h1>
        {result ? (
          <div className="mt-6" data-testid={result.verified ? "verify-success" : "verify-error"}>
            {result.verified ? (
              <CheckCircleIcon className="mx-auto size-12 text-green-600" />
            ) : (
              <XCircleIcon className="mx-auto size-12 text-red-600" />
            )}
            <p
              className={result.verified ? "mt-4 font-medium text-green-800" : "mt-4 font-medium text-red-800"}
              role={result.verified ? "status" : "alert"}
            >
              {result.message}
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/" className={buttonClasses("primary")}>
                {t("auth.verify.go_home")}
              </Link>
              {!result.verified ? (
                <Link to="/contact" className={buttonClasses("outline")}>
                  {t("auth.verify.contact_support")}
                </Link>
              ) : null}
            </div>
          </div>
        ) : loading ? (
          <div className="mt-8 flex flex-col items-center gap-3 text-slate-600">
            <Spinner className="size-8" />
            <p>{t("auth.verify.loading")}</p>
          </div>
        ) : (
          <Form method="post" className="mt-6 space-y-4">
            <CsrfInput />
            <p className="text-slate-600">{t("auth.verify.prompt")}</p>
            <Button type="submit">{t("auth.verify.submit")}</Button>
          </Form>
        )}
      </div>
    </section>
  );
}
