import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";

const loadDialog = () => import("./login-dialog-body");
const LoginDialogBody = lazy(loadDialog);

/**
 * The header's login button: a link to /login (no JavaScript) that opens the login
 * dialog with JavaScript. Success closes and resets the dialog and goes on (the main site's
 * dashboard, or the same shop page); failure toasts the error and keeps what was typed.
 */
export function LoginButton({ destination, className }: { destination: "dashboard" | "here"; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const here = location.pathname + location.search;
  const redirectTo = destination === "dashboard" ? "/dashboard" : here;
  // Any navigation (a successful login included) closes the dialog.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setOpen(false), [location.key]);

  return (
    <>
      <a
        href={`/login?redirectTo=${encodeURIComponent(here)}`}
        className={className ?? buttonClasses("primary", "sm")}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={(event) => {
          event.preventDefault();
          setUsed(true);
          setOpen(true);
        }}
      >
        {t("auth.login.button")}
      </a>
      {used ? (
        <Suspense fallback={null}>
          <LoginDialogBody open={open} onClose={() => setOpen(false)} redirectTo={redirectTo} />
        </Suspense>
      ) : null}
    </>
  );
}
