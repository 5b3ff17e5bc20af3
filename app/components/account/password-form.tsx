import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useIntentPending } from "~/components/forms/use-intent-pending";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { SaveCancelActions } from "~/components/forms/save-cancel-actions";
import { FormErrors } from "~/components/forms/fields";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { changePasswordFormSchema } from "~/schemas/accounts";

/** The password-change sub-form; Cancel leaves it, which resets it. */
export function PasswordForm({ lastResult, cancelHref }: { lastResult?: SubmissionResult<string[]> | null; cancelHref: string }) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm("change-password", changePasswordFormSchema, { lastResult });
  const pending = useIntentPending("change-password");

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="password-title">
      <h3 id="password-title" className="text-base font-semibold">
        {t("account.password.title")}
      </h3>
      <CsrfInput />
      <input type="hidden" name="intent" value="change-password" />
      <FormErrors errors={form.errors} />
      <NewPasswordFields
        password={fields.new_password}
        confirm={fields.password_confirm}
        labels={{ password: t("account.password.new"), confirm: t("account.password.confirm") }}
      />
      <SaveCancelActions pending={pending} submitLabel={t("account.password.submit")} cancelHref={cancelHref} />
    </Form>
  );
}
