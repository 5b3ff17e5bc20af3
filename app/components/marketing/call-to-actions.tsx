import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

type Target = "/register" | "/pricing" | "/product" | "/contact";
const labels: Record<Target, string> = {
  "/register": "cta.register",
  "/pricing": "cta.pricing",
  "/product": "cta.product",
  "/contact": "cta.contact",
};

/** The closing call-to-action band of the marketing pages. */
export function CallToActions({ targets }: { targets: Target[] }) {
  const { t } = useTranslation();
  return (
    <section className="bg-slate-900 text-white">
      <div className="container-page flex flex-col items-center gap-6 py-16 text-center">
        <h2 className="text-3xl font-bold tracking-tight">{t("cta.title")}</h2>
        <p className="max-w-xl text-slate-300">{t("cta.subtitle")}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {targets.map((target, index) => (
            <Link key={target} to={target} className={buttonClasses(index === 0 ? "primary" : "inverse", "lg")}>
              {t(labels[target])}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
