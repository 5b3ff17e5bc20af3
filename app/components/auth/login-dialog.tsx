import { lazy, Suspense, useState } from "react";
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
  // Open on the page where it was opened: any navigation (a successful login included) closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;
  const [used, setUsed] = useState(false);
  const here = location.pathname + location.search;
  const redirectTo = destination === "dashboard" ? "/dashboard" : here;

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
          setOpenedAt(location.key);
        }}
      >
        {t("auth.login.button")}
      </a>
      {used ? (
        <Suspense fallback={null}>
          <LoginDialogBody open={open} onClose={() => setOpenedAt(null)} redirectTo={redirectTo} />
        </Suspense>
      ) : null}
    </>
  );
}
