import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { useFormErrorToast } from "~/components/forms/use-form-error-toast";
import { Dialog } from "~/components/ui/dialog";
import { LoginForm } from "./login-form";

/**
 * The login dialog's content, loaded on first use (it brings the form validation code,
 * which catalogue pages do not otherwise need).
 */
export default function LoginDialogBody({ open, onClose, redirectTo }: { open: boolean; onClose: () => void; redirectTo: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const [formKey, setFormKey] = useState(0);
  const result = fetcher.data as Parameters<typeof LoginForm>[0]["lastResult"];
  useFormErrorToast(result, fetcher.state === "idle");

  // A successful login navigates away: the next dialog starts afresh.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setFormKey((k) => k + 1), [location.key]);

  return (
    <Dialog open={open} onClose={onClose} title={t("auth.login.title")} description={t("auth.login.subtitle")}>
      <LoginForm
        key={formKey}
        FormComponent={fetcher.Form}
        lastResult={result}
        redirectTo={redirectTo}
        pending={fetcher.state !== "idle"}
        onCancel={() => {
          onClose();
          setFormKey((k) => k + 1);
        }}
      />
    </Dialog>
  );
}
