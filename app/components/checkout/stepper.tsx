import { useTranslation } from "react-i18next";
import { CheckIcon } from "~/components/ui/icons";
import { DEFAULT_CHECKOUT_THEME } from "~/lib/shop-colors";

export const CHECKOUT_STEPS = ["shipping", "payment", "success"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The step colours come from the checkout theme (checkoutThemeStyle); the spec's defaults otherwise. */
const STEP_COLORS = {
  current: `var(--checkout-step-current, ${DEFAULT_CHECKOUT_THEME.current})`,
  completed: `var(--checkout-step-completed, ${DEFAULT_CHECKOUT_THEME.completed})`,
  upcoming: `var(--checkout-step-upcoming, ${DEFAULT_CHECKOUT_THEME.upcoming})`,
} as const;
/** The number (or tick) on each step mark: the colour that reads on it. */
const STEP_TEXT_COLORS = {
  current: `var(--checkout-on-step-current, ${DEFAULT_CHECKOUT_THEME.onCurrent})`,
  completed: `var(--checkout-on-step-completed, ${DEFAULT_CHECKOUT_THEME.onCompleted})`,
  upcoming: `var(--checkout-on-step-upcoming, ${DEFAULT_CHECKOUT_THEME.onUpcoming})`,
} as const;

/** The checkout's three steps: completed, current and upcoming are told apart by colour and text. */
export function CheckoutStepper({ step }: { step: CheckoutStep }) {
  const { t } = useTranslation();
  const currentIndex = CHECKOUT_STEPS.indexOf(step);
  return (
    <ol className="flex items-center gap-2" aria-label={t("checkout.steps_label")} data-testid="checkout-stepper">
      {CHECKOUT_STEPS.map((key, index) => {
        const state = index < currentIndex ? "completed" : index === currentIndex ? "current" : "upcoming";
        const color = STEP_COLORS[state];
        return (
          <li
            key={key}
            className="flex flex-1 items-center gap-2"
            aria-current={state === "current" ? "step" : undefined}
            data-state={state}
          >
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold"
              style={{ backgroundColor: color, color: STEP_TEXT_COLORS[state] }}
            >
              {state === "completed" ? <CheckIcon className="size-4" /> : index + 1}
            </span>
            {/* On narrow screens only the current step is named; the others keep their number. */}
            <span
              className={state === "current" ? "text-sm font-medium" : "hidden text-sm font-medium sm:inline"}
              style={state === "upcoming" ? { opacity: 0.6 } : undefined}
            >
              {t(`checkout.step.${key}`)}
              <span className="sr-only"> ({t(`checkout.step_state.${state}`)})</span>
            </span>
            {index < CHECKOUT_STEPS.length - 1 ? (
              <span
                aria-hidden="true"
                className="h-0.5 flex-1 rounded"
                style={{ backgroundColor: index < currentIndex ? STEP_COLORS.completed : STEP_COLORS.upcoming }}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
