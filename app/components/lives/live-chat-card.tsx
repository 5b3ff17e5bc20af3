import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { IntentButton } from "~/components/forms/intent-button";
import { FormErrors, TextField } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { LiveBoardScreen } from "~/domain/lives/live-screens.server";
import { liveChatChannelSchema } from "~/schemas/lives";

/** A running Twitch live's chat channel: whether it is read for claims, and the channel to read (or none). */
export function LiveChatCard({
  live,
  lastResult,
}: {
  live: Pick<LiveBoardScreen["live"], "id" | "chatChannel" | "chatRead">;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  // The board's forms share one action result: this card answers only its own.
  const result = lastResult?.initialValue?.intent === "chat-channel" ? lastResult : null;
  const [form, fields] = useValidatedForm(`live-chat-${live.id}`, liveChatChannelSchema, {
    lastResult: result,
    defaultValue: { chat_channel: live.chatChannel ?? "" },
  });
  const channel = live.chatChannel;
  return (
    <Card data-testid="live-chat">
      <CardHeader>
        <CardTitle>{t("lives.board.chat.title")}</CardTitle>
        <p className="text-sm text-slate-600">{t("lives.board.chat.hint")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm font-medium break-words" data-testid="live-chat-state">
          {channel === null
            ? t("lives.board.chat.none")
            : live.chatRead
              ? t("lives.board.chat.reading", { channel })
              : t("lives.board.chat.connecting", { channel })}
        </p>
        <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="chat-channel" />
          <FormErrors errors={form.errors} />
          <TextField
            field={fields.chat_channel as FieldMetadata<string>}
            label={t("lives.board.chat.channel")}
            className="min-w-0 flex-1 basis-40"
            inputProps={{ autoComplete: "off", autoCapitalize: "none", spellCheck: false }}
          />
          <Button type="submit">{t("lives.board.chat.save")}</Button>
        </Form>
        {channel !== null ? (
          <IntentButton intent="chat-channel" fields={{ chat_channel: "" }}>
            {t("lives.board.chat.stop")}
          </IntentButton>
        ) : null}
      </CardContent>
    </Card>
  );
}
