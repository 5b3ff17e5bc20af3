import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, FieldLabel, FormErrors, inputClasses } from "~/components/forms/fields";
import { IntentButton } from "~/components/forms/intent-button";
import { useResetOnChange } from "~/components/forms/use-reset-on-change";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckIcon, CopyIcon } from "~/components/ui/icons";
import { useHydrated, useInstantFormat } from "~/components/ui/local-time";
import { useCopyToClipboard } from "~/components/ui/use-copy-to-clipboard";
import type { DomainTabData } from "~/routes/account/domain-actions.server";

type Result = SubmissionResult<string[]> | null | undefined;
type TabDomain = DomainTabData["domains"][number];
type DnsRecord = TabDomain["verification"];

/** Copies a record's name or value (with JavaScript; without, the text is there to select). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { copied, copy } = useCopyToClipboard(text, "DNS record");
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      className="inline-flex h-8 shrink-0 items-center gap-1 rounded-lg border border-slate-300 px-2 text-xs font-medium text-slate-700 hover:bg-slate-50"
    >
      {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span aria-live="polite">{copied ? t("domains.tab.copied") : t("domains.tab.copy")}</span>
    </button>
  );
}

/** One DNS record to create: its type, and its name and value each with a copy button. */
function RecordRow({ record, purpose }: { record: DnsRecord; purpose: string }) {
  const { t } = useTranslation();
  const copyLabel = (what: "name" | "value") => t("domains.tab.copy_label", { what: t(`domains.tab.what_${what}`), type: record.type });
  return (
    <div className="rounded-lg border border-slate-200 p-3" data-testid="domain-record">
      <p className="text-sm font-medium">{purpose}</p>
      <dl className="mt-2 space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-600 uppercase">{t("domains.tab.record_type")}</dt>
          <dd className="font-mono">{record.type}</dd>
        </div>
        {(["name", "value"] as const).map((what) => (
          <div key={what}>
            <dt className="text-xs font-medium text-slate-600 uppercase">{t(`domains.tab.record_${what}`)}</dt>
            <dd className="flex items-start justify-between gap-2">
              <code className="min-w-0 font-mono break-all">{record[what]}</code>
              <CopyButton text={record[what]} label={copyLabel(what)} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function DomainCard({ domain }: { domain: TabDomain }) {
  const { t } = useTranslation();
  const formatInstant = useInstantFormat();
  const state = domain.primary ? "primary" : domain.status;
  const checked = domain.lastCheckedAt ? formatInstant(domain.lastCheckedAt, "dateTime") : null;
  const until = formatInstant(domain.checkUntil, "dateTime");
  return (
    <Card data-testid="domain-card">
      <CardHeader className="gap-2">
        <CardTitle className="break-all">{domain.domain}</CardTitle>
        <div>
          <Badge tone={state === "pending" ? "warning" : "success"}>{t(`domains.tab.badge.${state}`)}</Badge>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1 text-sm" data-testid="domain-status">
          <p>{t(`domains.tab.status.${state}`)}</p>
          {domain.status === "pending" && domain.problem ? (
            <p className="font-medium text-red-700" data-testid="domain-problem">
              {t(`domains.problems.${domain.problem}`)}
            </p>
          ) : null}
          {domain.status === "pending" ? (
            <p className="text-slate-600">
              {checked === null
                ? t("domains.tab.checked_never", { until })
                : domain.checking
                  ? t("domains.tab.checked_at", { at: checked, until })
                  : t("domains.tab.checked_over", { at: checked })}
            </p>
          ) : null}
        </div>
        {domain.status === "pending" ? (
          <section className="space-y-3" aria-label={t("domains.tab.records_title")}>
            <h3 className="text-sm font-semibold">{t("domains.tab.records_title")}</h3>
            <RecordRow record={domain.verification} purpose={t("domains.tab.record_ownership")} />
            <RecordRow record={domain.pointing} purpose={t("domains.tab.record_pointing")} />
          </section>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {domain.status === "pending" ? (
            <IntentButton intent="check-domain" fields={{ domain_id: domain.id }} variant="primary">
              {t("domains.tab.check_now")}
            </IntentButton>
          ) : domain.primary ? (
            <IntentButton intent="unset-primary-domain" fields={{ domain_id: domain.id }}>
              {t("domains.tab.unset_primary")}
            </IntentButton>
          ) : (
            <IntentButton intent="primary-domain" fields={{ domain_id: domain.id }} variant="primary">
              {t("domains.tab.make_primary")}
            </IntentButton>
          )}
          <IntentButton
            intent="remove-domain"
            fields={{ domain_id: domain.id }}
            label={t("domains.tab.remove_label", { domain: domain.domain })}
          >
            {t("domains.tab.remove")}
          </IntentButton>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The account's Domain tab (issue 30): connect the shop's own domain, see the two DNS records
 * to create and where the check stands, check now, make it the main address, remove it.
 * Plain forms: all of it works without JavaScript (the copy buttons come with it).
 */
export function DomainTab({ data, lastResult }: { data: DomainTabData; lastResult: Result }) {
  const { t } = useTranslation();
  const result = lastResult?.initialValue?.intent === "add-domain" ? lastResult : null;
  const errors = result?.error?.domain ?? undefined;
  const sent = result?.initialValue?.domain;
  // Once a domain is added, the field starts empty again.
  const addForm = useResetOnChange(data.domains.map((domain) => domain.id).join());
  if (!data.live) {
    return (
      <p className="mt-6 text-sm text-slate-700" data-testid="domain-tab">
        {t("domains.tab.not_live")}
      </p>
    );
  }
  const full = data.domains.length >= data.maximum;
  return (
    <div className="mt-6 space-y-6" data-testid="domain-tab">
      <p className="text-sm text-slate-700">{t("domains.tab.intro")}</p>
      <Card>
        <CardHeader>
          <CardTitle>{t("domains.tab.add_title")}</CardTitle>
        </CardHeader>
        <CardContent>
          {full ? (
            <p className="text-sm">{t("domains.tab.limit_reached", { maximum: data.maximum })}</p>
          ) : (
            <Form ref={addForm} method="post" className="space-y-3" aria-label={t("domains.tab.add_title")}>
              <CsrfInput />
              <input type="hidden" name="intent" value="add-domain" />
              <FormErrors errors={result?.error?.[""] ?? undefined} />
              <div>
                <FieldLabel htmlFor="domain-name" required>
                  {t("domains.tab.domain_label")}
                </FieldLabel>
                <input
                  id="domain-name"
                  name="domain"
                  type="text"
                  inputMode="url"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  required
                  maxLength={300}
                  defaultValue={typeof sent === "string" ? sent : ""}
                  aria-invalid={errors?.length ? true : undefined}
                  aria-describedby={["domain-name-hint", errors?.length ? "domain-name-error" : ""].filter(Boolean).join(" ")}
                  className={inputClasses}
                />
                <p id="domain-name-hint" className="mt-1 text-xs text-slate-600">
                  {t("domains.tab.domain_hint")}
                </p>
                <FieldErrors id="domain-name-error" errors={errors} />
              </div>
              <Button type="submit">{t("domains.tab.add")}</Button>
            </Form>
          )}
        </CardContent>
      </Card>
      {data.domains.length === 0 ? (
        <p className="text-sm font-medium" data-testid="domain-none">
          {t("domains.tab.none", { address: data.address })}
        </p>
      ) : (
        <section className="space-y-4" aria-label={t("domains.tab.list_title")}>
          <h2 className="text-lg font-semibold">{t("domains.tab.list_title")}</h2>
          {data.domains.map((domain) => (
            <DomainCard key={domain.id} domain={domain} />
          ))}
        </section>
      )}
    </div>
  );
}
