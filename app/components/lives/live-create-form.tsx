import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FormErrors, inputClasses, SelectField, TextField } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useHydrated } from "~/components/hydrated";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { fallbackLanguage, isLanguage } from "~/lib/languages";
import { LIVE_PLATFORMS } from "~/lib/live-platforms";
import { liveCreateSchema } from "~/schemas/lives";

/**
 * The offset (minutes, as `Date.getTimezoneOffset` gives it) of the seller's clock at the
 * chosen time, so that a time across a daylight-saving change is still read right.
 */
function offsetAt(localDateTime: string): number {
  const at = localDateTime ? new Date(localDateTime) : new Date();
  return Number.isNaN(at.getTime()) ? new Date().getTimezoneOffset() : at.getTimezoneOffset();
}

/** "Start a live": title, platform, optional scheduled time, a Twitch live's chat channel. Without JavaScript the time is read as UTC. */
export function LiveCreateForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useValidatedForm("live-create", liveCreateSchema, {
    lastResult,
    // The live's language (its chat replies): the seller's own by default.
    defaultValue: { platform: "instagram", language: isLanguage(i18n.language) ? i18n.language : fallbackLanguage },
  });
  const hydrated = useHydrated();
  const [picked, setPicked] = useState("");
  const scheduled = fields.scheduled_at as FieldMetadata<string>;
  const { key: scheduledKey, ...scheduledProps } = getInputProps(scheduled, {
    type: "datetime-local",
    ariaDescribedBy: "live-scheduled-hint",
  });
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("lives.list.start_title")}</CardTitle>
        <p className="text-sm text-slate-600">{t("lives.list.start_hint")}</p>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="space-y-4" data-testid="live-create-form">
          <CsrfInput />
          <FormErrors errors={form.errors} />
          <TextField field={fields.title} label={t("lives.list.fields.title")} inputProps={{ autoComplete: "off" }} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              field={fields.platform as FieldMetadata<string>}
              label={t("lives.list.fields.platform")}
              options={LIVE_PLATFORMS.map((p) => ({ value: p, label: t(`lives.platforms.${p}`) }))}
            />
            <SelectField
              field={fields.language as FieldMetadata<string>}
              label={t("lives.list.fields.language")}
              options={[
                { value: "en", label: "English" },
                { value: "fr", label: "Français" },
              ]}
            />
            <div>
              <label htmlFor={scheduled.id} className="mb-1 block text-sm font-medium text-slate-800">
                {t("lives.list.fields.scheduled_at")}
              </label>
              <input
                key={scheduledKey}
                {...scheduledProps}
                onChange={(event) => setPicked(event.currentTarget.value)}
                className={inputClasses}
              />
              <p id="live-scheduled-hint" className="mt-1 text-xs text-slate-500">
                {t("lives.list.fields.scheduled_hint")}
              </p>
              <FieldErrors id={scheduled.errorId} errors={scheduled.errors} />
            </div>
          </div>
          <TextField
            field={fields.chat_channel as FieldMetadata<string>}
            label={t("lives.list.fields.chat_channel")}
            hint={t("lives.list.fields.chat_channel_hint")}
            inputProps={{ autoComplete: "off", autoCapitalize: "none", spellCheck: false }}
          />
          {/* The browser knows the seller's time zone; without it the server reads the time as UTC. */}
          <input type="hidden" name="timezone_offset" value={hydrated ? offsetAt(picked) : 0} />
          <Button type="submit" pending={pending} pendingLabel={t("lives.list.starting")}>
            {t("lives.list.start")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
