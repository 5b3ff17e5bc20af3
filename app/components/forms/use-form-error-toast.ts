import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toasts";
import { translateMessage } from "~/lib/messages";

type FormResult = { error?: Record<string, readonly string[] | null | undefined> | null } | null | undefined;

/**
 * Shows a form's own error (a Conform reply's error that is about no field, e.g. wrong
 * credentials) as an error toast, once per answer. `settled` holds it back while a fetcher
 * is still busy.
 */
export function useFormErrorToast(result: FormResult, settled = true): void {
  const { t } = useTranslation();
  const formError = result?.error?.[""]?.[0];
  useEffect(() => {
    if (settled && formError) toast.error(translateMessage(t, formError));
  }, [settled, formError, result, t]);
}
