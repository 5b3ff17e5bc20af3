import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useIntentPending } from "~/components/forms/use-intent-pending";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useHydrated } from "~/components/hydrated";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FormErrors, inputClasses, TextAreaField, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { pickedImageProblem } from "~/lib/image-upload";
import { parseAmountToCents } from "~/lib/money";
import { DEFAULT_CLAIM_WORDS } from "~/lib/claim-words";
import { HOLD_MINUTES } from "~/lib/stock-kinds";
import { PARCEL_WINDOW_HOURS } from "~/lib/carriers";
import {
  CLAIM_CAP_PER_PRODUCT,
  CLAIM_WORDS,
  COLOR_FIELDS,
  customizationSchema,
  DEFAULT_MINIMUM_ORDER_CENTS,
  LOW_STOCK_THRESHOLD,
  MINIMUM_ORDER_FLOOR_CENTS,
} from "~/schemas/customization";
import { ContrastWarning } from "./contrast-warning";
import { CustomizationPreview } from "./customization-preview";

export type CustomizationValues = {
  shop_name: string;
  shop_logo: string | null;
  primary_color: string;
  secondary_color: string;
  background_color: string;
  text_color: string;
  checkout_banner_text_en: string;
  checkout_banner_text_fr: string;
  custom_css: string;
  minimum_order_amount: string | null;
  low_stock_threshold: number;
  hold_minutes: number;
  parcel_window_hours: number;
  claim_words: string[] | null;
  claim_cap_per_product: number;
};

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The shop customization form (a multipart form that works without JavaScript) with its
 * live preview. With JavaScript: colour pickers, a local logo preview and a size check.
 */
export function CustomizationForm({
  initial,
  action,
  lastResult,
}: {
  initial: CustomizationValues;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const [logoPreview, setLogoPreview] = useState<string | null>(initial.shop_logo);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [form, fields] = useValidatedForm("customization", customizationSchema, {
    lastResult,
    defaultValue: {
      ...initial,
      minimum_order_amount: initial.minimum_order_amount ?? "",
      // One text field, the words comma separated; empty: the defaults.
      claim_words: (initial.claim_words ?? []).join(", "),
    },
  });
  const pending = useIntentPending("update-customization");

  useEffect(() => () => void (logoPreview?.startsWith("blob:") && URL.revokeObjectURL(logoPreview)), [logoPreview]);
  // The server refused the picked logo: back to the saved one, and nothing left to resend.
  const logoRefused = Boolean(lastResult?.error?.shop_logo?.length);
  const [answeredResult, setAnsweredResult] = useState(lastResult);
  if (answeredResult !== lastResult) {
    setAnsweredResult(lastResult);
    if (logoRefused) setLogoPreview(initial.shop_logo);
  }
  useEffect(() => {
    if (logoRefused && fileInput.current) fileInput.current.value = "";
  }, [lastResult, logoRefused]);

  function onLogoChange(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setLogoError(null);
    if (!file) return;
    const problem = pickedImageProblem(file);
    if (problem) {
      setLogoError(`shop.logo.${problem}`);
      event.target.value = "";
      return;
    }
    setRemoveLogo(false);
    setLogoPreview(URL.createObjectURL(file));
  }

  const setValue = (name: keyof CustomizationValues, value: string) => setValues((v) => ({ ...v, [name]: value }));
  // The preview's checkout uses the typed minimum once it is a valid one, as the shop would.
  const typedMinimum = parseAmountToCents(values.minimum_order_amount ?? "");
  const previewMinimum = typedMinimum !== null && typedMinimum >= MINIMUM_ORDER_FLOOR_CENTS ? typedMinimum : DEFAULT_MINIMUM_ORDER_CENTS;

  return (
    <div className="grid gap-8 xl:grid-cols-[1fr_26rem]">
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="space-y-5"
        onInput={(event) => {
          const target = event.target as HTMLInputElement;
          if (target.name && target.name in values) setValue(target.name as keyof CustomizationValues, target.value);
        }}
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="update-customization" />
        <FormErrors errors={form.errors} />
        <TextField field={fields.shop_name} label={t("customization.fields.shop_name")} />

        <div>
          <label htmlFor="shop-logo" className="mb-1 block text-sm font-medium">
            {t("customization.fields.shop_logo")}
          </label>
          <div className="flex items-center gap-4">
            <div className="flex size-16 items-center justify-center overflow-hidden rounded-lg border border-border bg-slate-50">
              {logoPreview && !removeLogo ? (
                <img
                  src={logoPreview}
                  alt={t("customization.logo_preview")}
                  className="size-full object-contain"
                  data-testid="logo-preview"
                />
              ) : null}
            </div>
            <div className="min-w-0 flex-1">
              <input
                ref={fileInput}
                id="shop-logo"
                name="shop_logo"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={onLogoChange}
                aria-describedby="shop-logo-hint shop-logo-error"
                className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
              />
              <p id="shop-logo-hint" className="mt-1 text-xs text-slate-500">
                {t("customization.logo_hint")}
              </p>
              {initial.shop_logo ? (
                <label className="mt-2 flex items-center gap-2 text-sm">
                  <input type="checkbox" name="remove_logo" checked={removeLogo} onChange={(e) => setRemoveLogo(e.target.checked)} />
                  {t("customization.remove_logo")}
                </label>
              ) : null}
              <FieldErrors id="shop-logo-error" errors={logoError ? [logoError] : (lastResult?.error?.shop_logo ?? undefined)} />
            </div>
          </div>
        </div>

        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t("customization.colors")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {COLOR_FIELDS.map((name) => {
              const field = fields[name];
              const { key, ...inputProps } = getInputProps(field, { type: "text" });
              return (
                <div key={name}>
                  <label htmlFor={field.id} className="mb-1 block text-sm">
                    {t(`customization.fields.${name}`)}
                  </label>
                  <div className="flex gap-2">
                    {hydrated ? (
                      <input
                        type="color"
                        aria-label={t("customization.pick_color", { field: t(`customization.fields.${name}`) })}
                        value={HEX.test(values[name]) ? values[name] : "#000000"}
                        onChange={(e) => {
                          const input = document.getElementById(field.id) as HTMLInputElement | null;
                          if (input) input.value = e.target.value;
                          setValue(name, e.target.value);
                        }}
                        className="h-10 w-12 shrink-0 cursor-pointer rounded border border-border bg-white p-1"
                      />
                    ) : null}
                    <input key={key} {...inputProps} className={inputClasses} spellCheck={false} />
                  </div>
                  <FieldErrors id={field.errorId} errors={field.errors} />
                </div>
              );
            })}
          </div>
          <div className="mt-4">
            <ContrastWarning
              colors={{
                primary: values.primary_color,
                secondary: values.secondary_color,
                background: values.background_color,
                text: values.text_color,
              }}
              banner={Boolean(values.checkout_banner_text_en.trim() || values.checkout_banner_text_fr.trim())}
            />
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.checkout_banner_text_en} label={t("customization.fields.checkout_banner_text_en")} />
          <TextField field={fields.checkout_banner_text_fr} label={t("customization.fields.checkout_banner_text_fr")} />
        </div>
        <TextAreaField
          field={fields.custom_css}
          label={t("customization.fields.custom_css")}
          rows={6}
          hint={t("customization.css_hint")}
          textareaProps={{ spellCheck: false, className: "font-mono" }}
        />
        <TextField
          field={fields.minimum_order_amount as FieldMetadata<string | undefined>}
          label={t("customization.fields.minimum_order_amount")}
          type="number"
          hint={t("customization.minimum_hint")}
          inputProps={{ step: "0.01", min: "5", inputMode: "decimal", placeholder: "10.00" }}
        />
        <fieldset data-testid="stock-settings">
          <legend className="mb-2 text-sm font-medium">{t("stock_admin.settings.title")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              field={fields.low_stock_threshold as FieldMetadata<string | undefined>}
              label={t("stock_admin.settings.low_stock_threshold")}
              type="number"
              hint={t("stock_admin.settings.low_stock_threshold_hint", { default: LOW_STOCK_THRESHOLD.default })}
              inputProps={{ step: "1", min: String(LOW_STOCK_THRESHOLD.min), max: String(LOW_STOCK_THRESHOLD.max), inputMode: "numeric" }}
            />
            <TextField
              field={fields.hold_minutes as FieldMetadata<string | undefined>}
              label={t("stock_admin.settings.hold_minutes")}
              type="number"
              hint={t("stock_admin.settings.hold_minutes_hint", { default: HOLD_MINUTES.default })}
              inputProps={{ step: "1", min: String(HOLD_MINUTES.min), max: String(HOLD_MINUTES.max), inputMode: "numeric" }}
            />
            <TextField
              field={fields.parcel_window_hours as FieldMetadata<string | undefined>}
              label={t("parcels.window_label")}
              type="number"
              hint={t("parcels.window_hint", { default: PARCEL_WINDOW_HOURS.default })}
              inputProps={{
                step: "1",
                min: String(PARCEL_WINDOW_HOURS.min),
                max: String(PARCEL_WINDOW_HOURS.max),
                inputMode: "numeric",
              }}
            />
          </div>
        </fieldset>
        <fieldset data-testid="claim-settings">
          <legend className="mb-2 text-sm font-medium">{t("lives.claim_settings.title")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              field={fields.claim_words as FieldMetadata<string | undefined>}
              label={t("lives.claim_settings.words")}
              hint={t("lives.claim_settings.words_hint", { max: CLAIM_WORDS.max })}
              inputProps={{ autoComplete: "off", placeholder: DEFAULT_CLAIM_WORDS.join(", ") }}
            />
            <TextField
              field={fields.claim_cap_per_product as FieldMetadata<string | undefined>}
              label={t("lives.claim_settings.cap")}
              type="number"
              hint={t("lives.claim_settings.cap_hint", { default: CLAIM_CAP_PER_PRODUCT.default })}
              inputProps={{
                step: "1",
                min: String(CLAIM_CAP_PER_PRODUCT.min),
                max: String(CLAIM_CAP_PER_PRODUCT.max),
                inputMode: "numeric",
              }}
            />
          </div>
        </fieldset>
        <Button type="submit" pending={pending} pendingLabel={t("common.saving")}>
          {t("customization.save")}
        </Button>
      </Form>
      <div className="xl:sticky xl:top-24 xl:self-start">
        <CustomizationPreview
          values={{
            shopName: values.shop_name || initial.shop_name,
            logoUrl: removeLogo ? null : logoPreview,
            primary: values.primary_color,
            secondary: values.secondary_color,
            background: values.background_color,
            text: values.text_color,
            bannerEn: values.checkout_banner_text_en,
            bannerFr: values.checkout_banner_text_fr,
            minimumCents: previewMinimum,
          }}
        />
      </div>
    </div>
  );
}
