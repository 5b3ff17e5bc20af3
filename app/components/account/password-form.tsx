import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { SaveCancelActions } from "~/components/forms/save-cancel-actions";
import { FormErrors, TextField } from "~/components/forms/fields";
import { changePasswordFormSchema } from "~/schemas/accounts";
import { PasswordChecklist } from "./password-checklist";

/** The password-change sub-form; Cancel leaves it, which resets it. */
export function PasswordForm({ lastResult, cancelHref }: { lastResult?: SubmissionResult<string[]> | null; cancelHref: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [password, setPassword] = useState("");
  const [form, fields] = useValidatedForm("change-password", changePasswordFormSchema, { lastResult });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-labelledby="password-title">
      <h3 id="password-title" className="text-base font-semibold">
        {t("account.password.title")}
      </h3>
      <CsrfInput />
      <input type="hidden" name="intent" value="change-password" />
      <FormErrors errors={form.errors} />
      <div>
        <TextField
          field={fields.new_password}
          label={t("account.password.new")}
          type="password"
          inputProps={{ autoComplete: "new-password", onInput: (e) => setPassword(e.currentTarget.value) }}
        />
        <PasswordChecklist value={password} />
      </div>
      <TextField
        field={fields.password_confirm}
        label={t("account.password.confirm")}
        type="password"
        inputProps={{ autoComplete: "new-password" }}
      />
      <SaveCancelActions pending={pending} submitLabel={t("account.password.submit")} cancelHref={cancelHref} />
    </Form>
  );
}
