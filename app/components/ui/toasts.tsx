import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

export type ServerToast = { message: string; type: "success" | "error" | "info" | "warning"; description?: string } | null;

type Sonner = typeof import("sonner");

// sonner (10 kB gzipped) loads with the first toast or form submission: most pages never show one.
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a toast from the browser (sonner replays it once its region has mounted). */
export const toast = {
  success: (message: string) => void loadSonner().then((module) => module.toast.success(message)),
  error: (message: string) => void loadSonner().then((module) => module.toast.error(message)),
};

/**
 * Toasts (spec section 1): bottom-right, at most 3 visible, 4000 ms, hotkey Alt+T.
 * Server toasts arrive through the root loader; without JavaScript they render inline.
 */
export function Toasts({ toast: serverToast }: { toast: ServerToast }) {
  const { t } = useTranslation();
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => null,
  );
  // Our forms answer with a toast: sonner loads as soon as one is posted (not a search), so
  // that the answer's toast shows with the page it comes with, not a moment after it.
  const { formMethod } = useNavigation();
  const submitting = formMethod !== undefined && formMethod !== "GET";
  useEffect(() => {
    if (submitting) void loadSonner();
  }, [submitting]);
  useEffect(() => {
    if (serverToast)
      void loadSonner().then((module) => module.toast[serverToast.type](serverToast.message, { description: serverToast.description }));
  }, [serverToast]);

  return (
    <>
      {loaded ? (
        <loaded.Toaster
          position="bottom-right"
          visibleToasts={3}
          duration={4000}
          hotkey={["altKey", "KeyT"]}
          customAriaLabel={t("toasts.region")}
          toastOptions={{ closeButtonAriaLabel: t("toasts.close") }}
          richColors
          closeButton
        />
      ) : null}
      {/* Until sonner runs (or without JavaScript), the server's toast is rendered in place
          and fades out by CSS after 4 s. */}
      {serverToast && !loaded ? (
        <div className="server-toast">
          <div
            role={serverToast.type === "error" ? "alert" : "status"}
            className={`fixed right-4 bottom-4 z-50 max-w-sm rounded-lg border px-4 py-3 text-sm shadow-lg ${
              serverToast.type === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-green-200 bg-green-50 text-green-900"
            }`}
          >
            <p className="font-medium">{serverToast.message}</p>
            {serverToast.description ? <p>{serverToast.description}</p> : null}
          </div>
        </div>
      ) : null}
    </>
  );
}
