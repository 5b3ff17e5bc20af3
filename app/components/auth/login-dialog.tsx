import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { toast } from "sonner";
import { buttonClasses } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { translateMessage } from "~/lib/messages";
import { LoginForm } from "./login-form";

/**
 * The header's login button: a link to /login (no JavaScript) that opens the login
 * dialog with JavaScript. Success closes and resets the dialog and goes on (the main site's
 * dashboard, or the same shop page); failure toasts the error and keeps what was typed.
 */
export function LoginButton({ destination, className }: { destination: "dashboard" | "here"; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const here = location.pathname + location.search;
  const redirectTo = destination === "dashboard" ? "/dashboard" : here;
  const result = fetcher.data as Parameters<typeof LoginForm>[0]["lastResult"];
  const formError = result?.error?.[""]?.[0];

  useEffect(() => {
    if (fetcher.state === "idle" && formError) toast.error(translateMessage(t, formError));
  }, [fetcher.state, formError, result, t]);

  // A successful login navigates away: close the dialog and start the next one afresh.
  useEffect(() => {
    setOpen(false);
    setFormKey((k) => k + 1);
  }, [location.key]);

  return (
    <>
      <a
        href={`/login?redirectTo=${encodeURIComponent(here)}`}
        className={className ?? buttonClasses("primary", "sm")}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t("auth.login.button")}
      </a>
      <Dialog open={open} onClose={() => setOpen(false)} title={t("auth.login.title")} description={t("auth.login.subtitle")}>
        <LoginForm
          key={formKey}
          FormComponent={fetcher.Form}
          lastResult={result}
          redirectTo={redirectTo}
          pending={fetcher.state !== "idle"}
          onCancel={() => {
            setOpen(false);
            setFormKey((k) => k + 1);
          }}
        />
      </Dialog>
    </>
  );
}
