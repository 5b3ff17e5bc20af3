import { useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { useDetailsDismiss } from "~/components/ui/use-details-dismiss";

// Literal class names, so that Tailwind finds them.
const hiddenFrom = { sm: "group sm:hidden", lg: "group lg:hidden" } as const;

/**
 * The navigation sheet of a small screen, sliding in from the right under a 4 rem header: a
 * <details> so it opens without JavaScript; with it, it also closes on Escape, an outside
 * click and after navigation. `hiddenFrom` is the breakpoint where the header's own
 * navigation takes over.
 */
export function MobileSheet({ hiddenFrom: breakpoint, children }: { hiddenFrom: keyof typeof hiddenFrom; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(details, location.key);
  return (
    <details ref={details} className={hiddenFrom[breakpoint]}>
      <summary
        className="flex size-10 cursor-pointer items-center justify-center rounded-lg hover:bg-black/5"
        aria-label={t("nav.open_menu")}
      >
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
      </summary>
      <div className="fixed inset-x-0 top-16 bottom-0 z-40 bg-slate-900/40" aria-hidden="true" />
      <nav
        aria-label={t("nav.mobile")}
        className="fixed top-16 right-0 bottom-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-l border-border bg-white p-4 shadow-xl"
      >
        {children}
      </nav>
    </details>
  );
}

/** A sheet's list of links, under an optional heading. */
export function SheetLinks({
  links,
  heading,
  className,
}: {
  links: readonly { to: string; labelKey: string }[];
  heading?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      {heading ? <p className="mb-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</p> : null}
      <ul className="space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted">
              {t(link.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
