import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { CheckCircleIcon } from "~/components/ui/icons";
import { cx } from "~/lib/class-names";

export type OnboardingView = {
  steps: { step: string; completed: boolean }[];
  current: string | null;
  target: string | null;
};

/** The onboarding checklist: next action first, a completed/total bar, then every step. */
export function OnboardingProgress({ onboarding, compact = false }: { onboarding: OnboardingView; compact?: boolean }) {
  const { t } = useTranslation();
  const completed = onboarding.steps.filter((s) => s.completed).length;
  const total = onboarding.steps.length;
  return (
    <div data-testid="onboarding-progress">
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium">{t("onboarding.progress", { completed, total })}</span>
        <span className="text-slate-500">{Math.round((completed / total) * 100)}%</span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
        aria-label={t("onboarding.progress", { completed, total })}
      >
        <div className="h-full rounded-full bg-brand-500 transition-all" style={{ width: `${(completed / total) * 100}%` }} />
      </div>
      {onboarding.current ? (
        <div className="mt-4 rounded-lg bg-brand-50 p-4" data-testid="onboarding-next">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{t("onboarding.next_action")}</p>
          <p className="mt-1 font-medium">{t(`onboarding.steps.${onboarding.current}.title`)}</p>
          <p className="mt-1 text-sm text-slate-600">{t(`onboarding.steps.${onboarding.current}.action`)}</p>
          {onboarding.target ? (
            <Link to={onboarding.target} className={buttonClasses("primary", "sm", "mt-3")}>
              {t(`onboarding.steps.${onboarding.current}.button`)}
            </Link>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-sm font-medium text-green-700">{t("onboarding.complete")}</p>
      )}
      {!compact ? (
        <ol className="mt-4 space-y-2">
          {onboarding.steps.map(({ step, completed: done }) => (
            <li
              key={step}
              className={cx("flex items-center gap-2 text-sm", done ? "text-slate-700" : "text-slate-500")}
              data-step={step}
              data-completed={done}
            >
              <CheckCircleIcon className={cx("size-4", done ? "text-green-600" : "text-slate-300")} />
              {t(`onboarding.steps.${step}.title`)}
              <span className="sr-only">{done ? t("onboarding.done") : t("onboarding.todo")}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
