import { useTranslation } from "react-i18next";
import { CheckIcon, LockIcon, ShieldIcon, ZapIcon } from "~/components/ui/icons";
import { cx } from "~/lib/class-names";

const STEP_KEYS = ["business", "contact", "account"] as const;

/** The wizard's step indicator: done, current and upcoming steps, plus "Step X of 3". */
export function StepIndicator({ step }: { step: number }) {
  const { t } = useTranslation();
  return (
    <div>
      <ol className="flex items-center gap-2" aria-label={t("register.steps_label")}>
        {STEP_KEYS.map((key, index) => {
          const number = index + 1;
          const state = number < step ? "done" : number === step ? "current" : "upcoming";
          return (
            <li key={key} className="flex flex-1 items-center gap-2" aria-current={state === "current" ? "step" : undefined}>
              <span
                className={cx(
                  "flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                  state === "done" && "bg-green-600 text-white",
                  state === "current" && "bg-brand-500 text-on-brand",
                  state === "upcoming" && "bg-slate-200 text-slate-600",
                )}
              >
                {state === "done" ? <CheckIcon className="size-4" /> : number}
              </span>
              <span className={cx("hidden text-sm sm:inline", state === "current" ? "font-semibold" : "text-slate-600")}>
                {t(`register.step_names.${key}`)}
                {state === "done" ? <span className="sr-only"> {t("register.step_done")}</span> : null}
              </span>
              {number < 3 ? (
                <span className={cx("h-0.5 flex-1", number < step ? "bg-green-600" : "bg-slate-200")} aria-hidden="true" />
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm text-slate-600" data-testid="step-counter">
        {t("register.step_of", { step, total: 3 })}
      </p>
    </div>
  );
}

export function TrustBadges() {
  const { t } = useTranslation();
  const badges = [
    { key: "secure", Icon: LockIcon },
    { key: "ssl", Icon: ShieldIcon },
    { key: "gdpr", Icon: CheckIcon },
    { key: "fast", Icon: ZapIcon },
  ] as const;
  return (
    <ul className="mt-8 grid grid-cols-2 gap-3 text-xs text-slate-600 sm:grid-cols-4" aria-label={t("register.trust_label")}>
      {badges.map(({ key, Icon }) => (
        <li key={key} className="flex items-center gap-1.5">
          <Icon className="size-4 text-green-600" />
          {t(`register.trust.${key}`)}
        </li>
      ))}
    </ul>
  );
}
