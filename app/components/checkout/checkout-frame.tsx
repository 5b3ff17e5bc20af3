import type { CSSProperties, ReactNode } from "react";
import { checkoutColors, checkoutTextColors, type ShopColors } from "~/lib/shop-theme";
import { CheckoutBanner } from "./checkout-banner";
import { CheckoutStepper, type CheckoutStep } from "./stepper";

/** The checkout's colours as CSS variables, read by the stepper and the submit buttons. */
export function checkoutThemeStyle(colors: Pick<ShopColors, "primary" | "secondary">): CSSProperties {
  const theme = checkoutColors(colors);
  const text = checkoutTextColors(theme);
  return {
    "--checkout-accent": theme.accent,
    "--checkout-on-accent": text.onAccent,
    "--checkout-step-current": theme.current,
    "--checkout-on-step-current": text.onCurrent,
    "--checkout-step-completed": theme.completed,
    "--checkout-on-step-completed": text.onCompleted,
    "--checkout-step-upcoming": theme.upcoming,
    "--checkout-on-step-upcoming": text.onUpcoming,
  } as CSSProperties;
}

/**
 * What every checkout step shows around its content: the shop's checkout colours, the
 * stepper and the seller's banner. The live checkout and the customization preview both
 * render it, so the preview cannot drift from the real page.
 */
export function CheckoutFrame({
  colors,
  bannerText,
  step,
  heading,
  className,
  children,
}: {
  colors: ShopColors;
  bannerText: string;
  step: CheckoutStep;
  heading?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} style={checkoutThemeStyle(colors)}>
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
