import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useId } from "react";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useTranslation } from "react-i18next";
import type { FormProps } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FormErrors, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { loginSchema } from "~/schemas/accounts";

type FormComponent = React.ForwardRefExoticComponent<FormProps & React.RefAttributes<HTMLFormElement>>;

/** Email + password form used by the login dialog (fetcher) and the /login page. */
export function LoginForm({
  FormComponent,
  lastResult,
  redirectTo,
  pending,
  onCancel,
  cancelHref,
}: {
  FormComponent: FormComponent;
  lastResult?: SubmissionResult<string[]> | null;
  redirectTo: string;
  pending: boolean;
  onCancel?: () => void;
  cancelHref?: string;
}) {
  const { t } = useTranslation();
  // The /login page and the header's dialog can both be on screen: each form needs its own ids.
  const formId = `login${useId()}`;
  const [form, fields] = useValidatedForm(formId, loginSchema, { lastResult });

  return (
    // The destination also rides in the action's query, so it survives a failed attempt without JavaScript.
    <FormComponent
      method="post"
      action={`/login?redirectTo=${encodeURIComponent(redirectTo)}`}
      {...getFormProps(form)}
      className="space-y-4"
    >
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrors errors={form.errors} />
      <TextField field={fields.email} label={t("auth.fields.email")} type="email" inputProps={{ autoComplete: "email", autoFocus: true }} />
      <TextField
        field={fields.password}
        label={t("auth.fields.password")}
        type="password"
        inputProps={{ autoComplete: "current-password" }}
      />
      <div className="flex justify-end gap-2 pt-2">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
        ) : cancelHref ? (
          <a
            href={cancelHref}
            className="inline-flex h-10 items-center rounded-lg border border-border px-4 text-sm font-medium hover:bg-muted"
          >
            {t("common.cancel")}
          </a>
        ) : null}
        <Button type="submit" pending={pending} pendingLabel={t("auth.login.pending")}>
          {t("auth.login.submit")}
        </Button>
      </div>
    </FormComponent>
  );
}
