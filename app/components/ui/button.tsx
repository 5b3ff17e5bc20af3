import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cx } from "~/lib/class-names";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "outline" | "inverse" | "ghost" | "danger" | "link";
export type ButtonSize = "sm" | "md" | "lg";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-500 text-on-brand hover:bg-brand-600 shadow-sm",
  secondary: "bg-slate-900 text-white hover:bg-slate-800 shadow-sm",
  outline: "border border-border bg-white text-foreground hover:bg-muted",
  inverse: "border border-slate-600 text-white hover:bg-slate-800",
  ghost: "text-foreground hover:bg-muted",
  danger: "bg-danger text-white hover:bg-red-800 shadow-sm",
  link: "text-brand-700 underline-offset-4 hover:underline px-0",
};
const sizes: Record<ButtonSize, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
};

/** Classes of a button, also used for links that look like buttons. */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", className?: string) {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    variants[variant],
    variant === "link" ? "h-auto" : sizes[size],
    className,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button; `pendingLabel` replaces the text. */
  pending?: boolean;
  pendingLabel?: string;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", pending = false, pendingLabel, className, children, disabled, type = "button", ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner className="size-4" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
});
