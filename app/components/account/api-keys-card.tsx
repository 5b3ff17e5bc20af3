import { useTranslation } from "react-i18next";
import { Form, useActionData } from "react-router";
import { useIntentPending } from "~/components/forms/use-intent-pending";
import { CsrfInput } from "~/components/forms/csrf-input";
import { IntentButton } from "~/components/forms/intent-button";
import { inputClasses } from "~/components/forms/fields";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useInstantFormat } from "~/components/ui/local-time";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export type ApiKeyView = {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
type KeyAction = { intent: "create-api-key"; key?: string; error?: string } | { intent: "revoke-api-key"; error?: string };

/** The page's action answers every form of the account page: only the API key intents are this card's. */
function keyActionResult(actionData: unknown): KeyAction | undefined {
  if (!actionData || typeof actionData !== "object" || !("intent" in actionData)) return undefined;
  const { intent } = actionData as { intent: unknown };
  return intent === "create-api-key" || intent === "revoke-api-key" ? (actionData as KeyAction) : undefined;
}

/** The seller's API keys: create (the key is shown once) and revoke. */
export function ApiKeysCard({ keys }: { keys: ApiKeyView[] }) {
  const { t } = useTranslation();
  const creating = useIntentPending("create-api-key");
  const actionData = keyActionResult(useActionData());
  const created = actionData?.intent === "create-api-key" ? actionData : undefined;
  const formatInstant = useInstantFormat();
  const date = (iso: string) => formatInstant(iso, "date");
  return (
    <Card data-testid="api-keys">
      <CardHeader>
        <CardTitle>{t("api_keys.title")}</CardTitle>
        <CardDescription>{t("api_keys.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {created?.key ? (
          <Alert tone="success" title={t("api_keys.created")}>
            <p>{t("api_keys.shown_once")}</p>
            <code className="mt-2 block rounded bg-white p-2 font-mono text-xs break-all" data-testid="new-api-key">
              {created.key}
            </code>
          </Alert>
        ) : null}
        {typeof actionData?.error === "string" ? <Alert tone="danger" title={actionData.error} /> : null}
        {keys.length ? (
          <ul className="divide-y divide-border">
            {keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="api-key-row">
                <div>
                  <p className="font-medium">
                    {key.name} <span className="font-mono text-xs text-slate-500">{key.prefix}…</span>
                  </p>
                  <p className="text-xs text-slate-500">
                    {t("api_keys.created_on", { date: date(key.createdAt) })}
                    {key.lastUsedAt ? ` · ${t("api_keys.last_used", { date: date(key.lastUsedAt) })}` : ""}
                  </p>
                </div>
                {key.revokedAt ? (
                  <Badge tone="neutral">{t("api_keys.revoked")}</Badge>
                ) : (
                  <IntentButton intent="revoke-api-key" fields={{ keyId: key.id }} label={t("api_keys.revoke_named", { name: key.name })}>
                    {t("api_keys.revoke")}
                  </IntentButton>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">{t("api_keys.none")}</p>
        )}
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="create-api-key" />
          <div>
            <label htmlFor="api-key-name" className="mb-1 block font-medium">
              {t("api_keys.name")}
            </label>
            <input
              id="api-key-name"
              name="name"
              required
              maxLength={60}
              placeholder={t("api_keys.name_placeholder")}
              className={inputClasses}
            />
          </div>
          <Button type="submit" pending={creating}>
            {t("api_keys.create")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
