import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useFetcher } from "react-router";
import { toast } from "~/components/ui/toasts";
import { CsrfInput } from "~/components/forms/csrf-input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { CheckCircleIcon, ClockIcon } from "~/components/ui/icons";

export type ResendResult = { intent: "resend-verification"; ok: boolean; message: string; retryAfterSeconds?: number };

const COOLDOWN_SECONDS = 60;
const storageKey = (email: string) => `resendVerificationCooldown:${email}`;

/** Seconds left of the resend cooldown, kept per email in localStorage across reloads. */
function useResendCooldown(email: string) {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const stored = Number(localStorage.getItem(storageKey(email)) ?? 0);
    // localStorage exists only in the browser, so it is read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (stored > Date.now()) setUntil(stored);
    else localStorage.removeItem(storageKey(email));
  }, [email]);
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) {
        localStorage.removeItem(storageKey(email));
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [until, email]);
  const start = (seconds: number) => {
    const end = Date.now() + seconds * 1000;
    localStorage.setItem(storageKey(email), String(end));
    setNow(Date.now());
    setUntil(end);
  };
  return { secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)), start };
}

export function EmailVerificationStatus({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ResendResult>();
  const pageResult = useActionData<ResendResult | undefined>(); // without JavaScript
  const { secondsLeft, start } = useResendCooldown(email);
  const result = fetcher.data ?? (pageResult?.intent === "resend-verification" ? pageResult : undefined);

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    if (data.ok) {
      toast.success(data.message);
      start(COOLDOWN_SECONDS);
    } else {
      toast.error(data.message);
      if (data.retryAfterSeconds) start(data.retryAfterSeconds);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- react to a new answer only
  }, [fetcher.data, fetcher.state]);

  if (verified) {
    return (
      <Badge tone="success" data-testid="email-verified-badge">
        <CheckCircleIcon className="size-3.5" />
        {t("account.verification.verified")}
      </Badge>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone="warning">
        <ClockIcon className="size-3.5" />
        {t("account.verification.unverified")}
      </Badge>
      <fetcher.Form method="post">
        <CsrfInput />
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="link" size="sm" disabled={secondsLeft > 0} pending={fetcher.state !== "idle"}>
          {secondsLeft > 0 ? t("account.verification.resend_in", { seconds: secondsLeft }) : t("account.verification.resend")}
        </Button>
      </fetcher.Form>
      {result && !fetcher.data ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "w-full text-sm text-green-700" : "w-full text-sm text-red-700"}>
          {result.message}
        </p>
      ) : null}
    </div>
  );
}
