import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRootData } from "~/components/site/root-data";
import { Logo } from "./logo";

export function MainFooter() {
  const { t } = useTranslation();
  const { year } = useRootData();
  const columns = [
    {
      title: t("footer.product"),
      links: [
        { to: "/dashboard", label: t("nav.dashboard") },
        { to: "/register", label: t("footer.seller_registration") },
      ],
    },
    {
      title: t("footer.company"),
      links: [
        { to: "/about", label: t("nav.about") },
        { to: "/contact", label: t("nav.contact") },
      ],
    },
    {
      title: t("footer.legal"),
      links: [
        { to: "/terms", label: t("footer.terms") },
        { to: "/privacy", label: t("footer.privacy") },
        { to: "/legal-notice", label: t("footer.legal_notice") },
      ],
    },
  ];
  return (
    <footer className="border-t border-border bg-slate-50">
      <div className="container-page grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">{t("footer.blurb")}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-foreground">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="container-page py-6 text-center text-sm text-muted-foreground">
          {t("footer.copyright", { year, brand: t("brand.name") })}
        </p>
      </div>
    </footer>
  );
}
