import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useIntentPending } from "~/components/forms/use-intent-pending";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { SaveCancelActions } from "~/components/forms/save-cancel-actions";
import { FormErrors, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { countryOptions } from "~/lib/countries";
import { BUSINESS_COUNTRIES, BUSINESS_TYPES, sellerProfileSchema } from "~/schemas/sellers";

export type SellerProfileValues = {
  business_name: string;
  business_type: string;
  business_description: string;
  business_address: string;
  tax_id: string;
  contact_email: string;
  contact_phone: string;
  website: string;
  siret: string;
  country: string;
  /** The payment account exists: its country can no longer change. */
  stripe_connect_account_id?: string | null;
};

export function SellerProfileForm({
  defaultValue,
  lastResult,
  cancelHref,
}: {
  defaultValue: SellerProfileValues;
  lastResult?: SubmissionResult<string[]> | null;
  cancelHref: string;
}) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useValidatedForm("seller-profile", sellerProfileSchema, { lastResult, defaultValue });
  const pending = useIntentPending("update-seller-profile");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="update-seller-profile" />
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.business_name} label={t("sellers.fields.business_name")} />
        <SelectField
          field={fields.business_type}
          label={t("sellers.fields.business_type")}
          options={BUSINESS_TYPES.map((type) => ({ value: type, label: t(`sellers.business_types.${type}`) }))}
        />
      </div>
      <TextField
        field={fields.business_address}
        label={t("sellers.fields.business_address")}
        inputProps={{ autoComplete: "street-address" }}
      />
      <SelectField
        field={fields.country}
        label={t("sec_payments.country.label")}
        options={countryOptions(BUSINESS_COUNTRIES, i18n.language)}
        hint={t(defaultValue.stripe_connect_account_id ? "sec_payments.country.locked_hint" : "sec_payments.country.hint")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.contact_email} label={t("sellers.fields.contact_email")} type="email" />
        <TextField field={fields.contact_phone} label={t("sellers.fields.contact_phone")} type="tel" />
        <TextField field={fields.website} label={t("sellers.fields.website")} type="url" hint={t("sellers.fields.website_hint")} />
        <TextField field={fields.tax_id} label={t("sellers.fields.tax_id")} />
        <TextField field={fields.siret} label={t("sellers.fields.siret")} inputProps={{ inputMode: "numeric" }} />
      </div>
      <TextAreaField field={fields.business_description} label={t("sellers.fields.business_description")} rows={3} />
      <SaveCancelActions pending={pending} cancelHref={cancelHref} />
    </Form>
  );
}
