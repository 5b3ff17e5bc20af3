import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useIntentPending } from "~/components/forms/use-intent-pending";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { SaveCancelActions } from "~/components/forms/save-cancel-actions";
import { FormErrors, SelectField, TextField } from "~/components/forms/fields";
import type { SessionUser } from "~/domain/accounts/users.server";
import { profileUpdateSchema } from "~/schemas/accounts";

export function ProfileForm({
  user,
  lastResult,
  cancelHref,
}: {
  user: SessionUser;
  lastResult?: SubmissionResult<string[]> | null;
  cancelHref: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm("profile", profileUpdateSchema, {
    lastResult,
    defaultValue: { first_name: user.firstName, last_name: user.lastName, phone_number: user.phoneNumber, language: user.language },
  });
  const pending = useIntentPending("update-profile");

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="update-profile" />
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.first_name} label={t("account.fields.first_name")} inputProps={{ autoComplete: "given-name" }} />
        <TextField field={fields.last_name} label={t("account.fields.last_name")} inputProps={{ autoComplete: "family-name" }} />
      </div>
      <div>
        <label htmlFor="profile-email" className="mb-1 block text-sm font-medium text-slate-800">
          {t("account.fields.email")}
        </label>
        <input
          id="profile-email"
          value={user.email}
          readOnly
          disabled
          aria-describedby="profile-email-hint"
          className="block w-full rounded-lg border border-slate-200 bg-slate-100 px-3 py-2 text-sm text-slate-600"
        />
        <p id="profile-email-hint" className="mt-1 text-xs text-slate-500">
          {t("account.fields.email_readonly")}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.phone_number} label={t("account.fields.phone_number")} type="tel" inputProps={{ autoComplete: "tel" }} />
        <SelectField
          field={fields.language}
          label={t("account.fields.language")}
          options={[
            { value: "en", label: "English" },
            { value: "fr", label: "Français" },
          ]}
        />
      </div>
      <SaveCancelActions pending={pending} cancelHref={cancelHref} />
    </Form>
  );
}
