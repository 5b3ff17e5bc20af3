import { useTranslation } from "react-i18next";
import { Link, useNavigation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { AlertTriangleIcon, CardIcon, ShieldIcon, SparklesIcon, ZapIcon } from "~/components/ui/icons";
import { Spinner } from "~/components/ui/spinner";

export function Landing({ attemptedSubdomain }: { attemptedSubdomain: string | null }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // The join button's processing state lasts exactly as long as the way to /register.
  const joining = navigation.state !== "idle" && navigation.location.pathname === "/register";

  const features = [
    { key: "payments", Icon: CardIcon },
    { key: "security", Icon: ShieldIcon },
    { key: "speed", Icon: ZapIcon },
  ] as const;
  const steps = ["register", "connect", "share"] as const;
  const reasons = ["never_created", "mistyped", "renamed"] as const;

  return (
    <>
      {attemptedSubdomain ? (
        <div className="container-page pt-8">
          <section role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-amber-950" data-testid="shop-not-found">
            <div className="flex items-start gap-3">
              <AlertTriangleIcon className="mt-0.5 size-6 shrink-0 text-amber-600" />
              <div>
                <h2 className="text-lg font-semibold">{t("landing.not_found.title", { subdomain: attemptedSubdomain })}</h2>
                <p className="mt-1 text-sm">{t("landing.not_found.intro")}</p>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                  {reasons.map((reason) => (
                    <li key={reason}>{t(`landing.not_found.reasons.${reason}`)}</li>
                  ))}
                </ul>
                <p className="mt-3 text-sm font-medium">{t("landing.not_found.merchant_note")}</p>
              </div>
            </div>
          </section>
        </div>
      ) : null}

      <section className="relative overflow-hidden">
        <div className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-50 via-white to-fuchsia-50" />
        <div className="container-page py-20 text-center sm:py-28">
          <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700">
            <SparklesIcon className="size-4" />
            {t("landing.hero.badge")}
          </span>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
            {t("landing.hero.title")}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{t("landing.hero.subtitle")}</p>
          <div className="mt-10 flex justify-center">
            <Link to="/register" className={buttonClasses("primary", "lg", "min-w-56")} aria-disabled={joining || undefined}>
              {joining ? <Spinner className="size-5" /> : null}
              {joining ? t("landing.hero.processing") : t("landing.hero.join")}
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-500">{t("landing.hero.note")}</p>
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="features-title">
        <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
          {t("landing.features.title")}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {features.map(({ key, Icon }) => (
            <article key={key} className="rounded-xl border border-border bg-white p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`landing.features.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600">{t(`landing.features.${key}.description`)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="bg-slate-50 py-16" aria-labelledby="process-title">
        <div className="container-page">
          <h2 id="process-title" className="text-center text-3xl font-bold tracking-tight">
            {t("landing.process.title")}
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step} className="rounded-xl bg-white p-6 shadow-sm">
                <span className="flex size-10 items-center justify-center rounded-full bg-brand-500 font-bold text-on-brand">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{t(`landing.process.${step}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600">{t(`landing.process.${step}.description`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
