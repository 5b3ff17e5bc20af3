import type { CSSProperties, ReactNode } from "react";
import type { CheckoutTheme, ShopColors } from "~/lib/shop-colors";
import { CheckoutBanner } from "./checkout-banner";
import { CheckoutStepper, type CheckoutStep } from "./stepper";

/** The checkout's colours (`checkoutTheme`) as CSS variables, read by the stepper and the submit buttons. */
export function checkoutThemeStyle(theme: CheckoutTheme): CSSProperties {
  return {
    "--checkout-accent": theme.accent,
    "--checkout-on-accent": theme.onAccent,
    "--checkout-step-current": theme.current,
    "--checkout-on-step-current": theme.onCurrent,
    "--checkout-step-completed": theme.completed,
    "--checkout-on-step-completed": theme.onCompleted,
    "--checkout-step-upcoming": theme.upcoming,
    "--checkout-on-step-upcoming": theme.onUpcoming,
  } as CSSProperties;
}

/**
 * What every checkout step shows around its content: the shop's checkout colours, the
 * stepper and the seller's banner. The live checkout and the customization preview both
 * render it, so the preview cannot drift from the real page.
 */
export function CheckoutFrame({
  theme,
  colors,
  bannerText,
  step,
  heading,
  className,
  children,
}: {
  theme: CheckoutTheme;
  colors: ShopColors;
  bannerText: string;
  step: CheckoutStep;
  heading?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} style={checkoutThemeStyle(theme)}>
      {heading}
      <CheckoutStepper step={step} />
      {bannerText.trim() ? (
        <div className="mt-6">
          <CheckoutBanner text={bannerText} primaryColor={colors.primary} textColor={colors.text} />
        </div>
      ) : null}
      {children}
    </div>
  );
}
