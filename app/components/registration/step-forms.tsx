import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { NewPasswordFields } from "~/components/forms/new-password-fields";
import { FormErrors, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { Button, buttonClasses } from "~/components/ui/button";
import {
  BUSINESS_COUNTRIES,
  BUSINESS_TYPES,
  DEFAULT_BUSINESS_COUNTRY,
  registrationStep1Schema,
  registrationStep2Schema,
  registrationStep3Schema,
} from "~/schemas/sellers";
import { countryOptions } from "~/lib/countries";

type Result = SubmissionResult<string[]> | null | undefined;

function WizardButtons({ step, intent }: { step: number; intent: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent && !navigation.formData.has("back");
  // Next comes first in the markup so Enter submits the step; Previous is shown on the left.
  // Previous posts too (without validation) so what was typed here is kept for later.
  return (
    <div className="flex flex-row-reverse items-center justify-between gap-3 pt-4">
      <Button type="submit" pending={pending} pendingLabel={t("common.saving")}>
        {step === 3 ? t("register.finish") : t("register.next")}
      </Button>
      {/* Pressing it must not blur the field first: a blur error would shift the button away mid-click. */}
      <button
        type="submit"
        name="back"
        value="1"
        formNoValidate
        data-skip-validation
        disabled={step === 1}
        onMouseDown={(event) => event.preventDefault()}
        className={buttonClasses("outline")}
      >
        {t("register.previous")}
      </button>
    </div>
  );
}

export function Step1Form({
  lastResult,
  defaultValue,
  rootDomain,
}: {
  lastResult: Result;
  defaultValue?: Record<string, string>;
  rootDomain: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm("register-step1", registrationStep1Schema, { lastResult, defaultValue });
  const [subdomain, setSubdomain] = useState(defaultValue?.subdomain ?? "");
  const [description, setDescription] = useState(defaultValue?.business_description ?? "");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="step1" />
      <FormErrors errors={form.errors} />
      <TextField field={fields.business_name} label={t("register.fields.business_name")} inputProps={{ autoComplete: "organization" }} />
      <TextField
        field={fields.subdomain}
        label={t("register.fields.subdomain")}
        hint={
          <span data-testid="subdomain-preview">
            {t("register.subdomain_preview")}{" "}
            <strong className="text-slate-800">{`${subdomain.trim().toLowerCase() || t("register.subdomain_placeholder")}.${rootDomain}`}</strong>
          </span>
        }
        inputProps={{ onInput: (e) => setSubdomain(e.currentTarget.value), autoCapitalize: "none", spellCheck: false }}
      />
      <SelectField
        field={fields.business_type}
        label={t("register.fields.business_type")}
        placeholder={t("register.choose")}
        options={BUSINESS_TYPES.map((type) => ({ value: type, label: t(`sellers.business_types.${type}`) }))}
      />
      <TextAreaField
        field={fields.business_description}
        label={t("register.fields.business_description")}
        hint={<span data-testid="description-counter">{t("register.counter", { count: description.length, max: 500 })}</span>}
        textareaProps={{ onInput: (e) => setDescription(e.currentTarget.value) }}
      />
      <WizardButtons step={1} intent="step1" />
    </Form>
  );
}

export function Step2Form({ lastResult, defaultValue }: { lastResult: Result; defaultValue?: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useValidatedForm("register-step2", registrationStep2Schema, {
    lastResult,
    defaultValue: { country: DEFAULT_BUSINESS_COUNTRY, ...defaultValue },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="step2" />
      <FormErrors errors={form.errors} />
      <SelectField
        field={fields.country}
        label={t("sec_payments.country.label")}
        options={countryOptions(BUSINESS_COUNTRIES, i18n.language)}
      />
      {/* One field for every country (it works without JavaScript): the server applies the chosen country's rule. */}
      <TextField field={fields.siret} label={t("register.fields.business_id")} hint={t("register.business_id_hint")} />
      <TextField
        field={fields.contact_email}
        label={t("register.fields.contact_email")}
        type="email"
        inputProps={{ autoComplete: "email" }}
      />
      <TextField field={fields.contact_phone} label={t("register.fields.contact_phone")} type="tel" inputProps={{ autoComplete: "tel" }} />
      <WizardButtons step={2} intent="step2" />
    </Form>
  );
}

export function Step3Form({ lastResult, defaultValue }: { lastResult: Result; defaultValue?: Record<string, string> }) {
  const { t } = useTranslation();
  const [form, fields] = useValidatedForm("register-step3", registrationStep3Schema, { lastResult, defaultValue });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="step3" />
      <FormErrors errors={form.errors} />
      <TextField field={fields.email} label={t("register.fields.email")} type="email" inputProps={{ autoComplete: "email" }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.first_name} label={t("register.fields.first_name")} inputProps={{ autoComplete: "given-name" }} />
        <TextField field={fields.last_name} label={t("register.fields.last_name")} inputProps={{ autoComplete: "family-name" }} />
      </div>
      <NewPasswordFields
        password={fields.password}
        confirm={fields.password_confirm}
        labels={{ password: t("register.fields.password"), confirm: t("register.fields.password_confirm") }}
      />
      <WizardButtons step={3} intent="step3" />
    </Form>
  );
}
