import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Toaster, toast as showToast } from "sonner";
import { useHydrated } from "~/components/hydrated";

export type ServerToast = { message: string; type: "success" | "error" | "info" | "warning"; description?: string } | null;

/**
 * Toasts (spec section 1): bottom-right, at most 3 visible, 4000 ms, hotkey Alt+T.
 * Server toasts arrive through the root loader; without JavaScript they render inline.
 */
export function Toasts({ toast }: { toast: ServerToast }) {
  const { t } = useTranslation();
  // Until JavaScript runs (or without it), the server's toast is rendered in place, and
  // fades out by CSS after 4 s; once hydrated, sonner shows it instead.
  const hydrated = useHydrated();
  useEffect(() => {
    if (toast) showToast[toast.type](toast.message, { description: toast.description });
  }, [toast]);

  return (
    <>
      <Toaster
        position="bottom-right"
        visibleToasts={3}
        duration={4000}
        hotkey={["altKey", "KeyT"]}
        customAriaLabel={t("toasts.region")}
        toastOptions={{ closeButtonAriaLabel: t("toasts.close") }}
        richColors
        closeButton
      />
      {toast && !hydrated ? (
        <div className="server-toast">
          <div
            role={toast.type === "error" ? "alert" : "status"}
            className={`fixed right-4 bottom-4 z-50 max-w-sm rounded-lg border px-4 py-3 text-sm shadow-lg ${
              toast.type === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-green-200 bg-green-50 text-green-900"
            }`}
          >
            <p className="font-medium">{toast.message}</p>
            {toast.description ? <p>{toast.description}</p> : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
