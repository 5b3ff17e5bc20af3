import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { IntentButton } from "~/components/forms/intent-button";
import { FormErrors, TextField } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { LIVE_REMINDER_MINUTES, liveReminderSchema } from "~/schemas/lives";

/** The one reminder mail to unpaid checkouts of the live: its delay, or none. */
export function LiveReminderForm({
  liveId,
  delayMinutes,
  lastResult,
}: {
  liveId: number;
  delayMinutes: number | null;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  // Only the reminder form answers in place; the board's other forms answer with a toast.
  const result = lastResult?.initialValue?.intent === "reminder" ? lastResult : null;
  const [form, fields] = useValidatedForm(`live-reminder-${liveId}`, liveReminderSchema, {
    lastResult: result,
    defaultValue: { delay_minutes: String(delayMinutes ?? 30) },
  });
  return (
    <Card data-testid="live-reminder">
      <CardHeader>
        <CardTitle>{t("lives.board.reminder.title")}</CardTitle>
        <p className="text-sm text-slate-600">{t("lives.board.reminder.hint")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm font-medium" data-testid="live-reminder-state">
          {delayMinutes === null ? t("lives.board.reminder.off") : t("lives.board.reminder.on", { count: delayMinutes })}
        </p>
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="reminder" />
          <FormErrors errors={form.errors} />
          <TextField
            field={fields.delay_minutes as FieldMetadata<string>}
            type="number"
            label={t("lives.board.reminder.delay")}
            hint={t("lives.board.reminder.delay_hint", { min: LIVE_REMINDER_MINUTES.min, max: LIVE_REMINDER_MINUTES.max })}
            className="min-w-0 flex-1 basis-40"
            inputProps={{ step: 1, inputMode: "numeric" }}
          />
          <Button type="submit">{delayMinutes === null ? t("lives.board.reminder.turn_on") : t("lives.board.reminder.save")}</Button>
        </Form>
        {delayMinutes !== null ? <IntentButton intent="reminder-off">{t("lives.board.reminder.turn_off")}</IntentButton> : null}
      </CardContent>
    </Card>
  );
}
