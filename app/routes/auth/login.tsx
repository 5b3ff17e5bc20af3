import { useTranslation } from "react-i18next";
import { Form, redirect, useActionData, useNavigation } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/login";
import { LoginForm } from "~/components/auth/login-form";
import { useFormErrorToast } from "~/components/forms/use-form-error-toast";
import { shopPageMeta } from "~/routes/page-meta.server";
import { authenticateLogin } from "~/http/authenticator.server";
import { singleFormAction } from "~/http/forms.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { beginUserSession, currentUser } from "~/middleware/session.server";
import { siteContext, siteUrl } from "~/middleware/site.server";
import { loginSchema } from "~/schemas/accounts";

/** After login: the main site's dashboard, or the shop's catalogue. */
function defaultDestination(context: Route.LoaderArgs["context"]) {
  return context.get(siteContext).kind === "shop" ? "/products" : "/dashboard";
}

export function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), defaultDestination(context));
  if (currentUser(context)) throw redirect(redirectTo);
  const t = getI18nInstance(context).t;
  const site = context.get(siteContext);
  const meta =
    site.kind === "shop"
      ? shopPageMeta(t, site.shop, new URL(request.url), siteUrl(context))
      : { title: t("auth.login.page_title"), description: t("auth.login.page_description") };
  return { redirectTo, meta };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

/** remix-auth's form strategy reads the form from a request: one carrying the fields already read. */
function requestWithForm(request: Request, formData: FormData): Request {
  const fields = new URLSearchParams();
  for (const [name, value] of formData) if (typeof value === "string") fields.append(name, value);
  return new Request(request.url, { method: "POST", body: fields });
}

export const action = singleFormAction(() => null)({
  errors: "form",
  handle: async ({ request, context, formData, parse }) => {
    parse(loginSchema, { hideFields: ["password"] });
    const destination = safeRedirectPath(formData.get("redirectTo"), defaultDestination(context));
    const user = await authenticateLogin("form", requestWithForm(request, formData), context);
    const headers = new Headers();
    headers.append("Set-Cookie", await beginUserSession(request, context, user));
    // The page keeps the language the visitor is reading: logging in never switches it.
    setToast(context, { type: "success", message: getI18nInstance(context).t("auth.login.welcome") });
    return redirect(destination, { headers });
  },
});

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  useFormErrorToast(lastResult);

  return (
    <section className="container-page flex justify-center py-16">
      <div className="w-full max-w-md rounded-2xl border border-border bg-white p-8 text-slate-900 shadow-sm">
        <h1 className="text-2xl font-bold">{t("auth.login.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("auth.login.subtitle")}</p>
        <div className="mt-6">
          <LoginForm
            FormComponent={Form}
            lastResult={lastResult}
            redirectTo={loaderData.redirectTo}
            pending={navigation.state === "submitting"}
            cancelHref="/"
          />
        </div>
      </div>
    </section>
  );
}
