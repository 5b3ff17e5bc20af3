import type { ComponentProps } from "react";
import { Button } from "~/components/ui/button";

/** The shop's accent for the checkout's calls to action (the variables of checkoutThemeStyle). */
export const checkoutAccentStyle = { backgroundColor: "var(--checkout-accent)", color: "var(--checkout-on-accent)" };

/** A checkout step's submit button: full width, in the shop's accent. */
export function CheckoutSubmit(props: Omit<ComponentProps<typeof Button>, "type" | "size" | "className" | "style">) {
  return <Button type="submit" size="lg" className="w-full hover:brightness-95" style={checkoutAccentStyle} {...props} />;
}
