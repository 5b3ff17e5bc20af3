import type { FormEvent, ReactNode } from "react";
import { Form } from "react-router";
import { Button, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { CsrfInput } from "./csrf-input";

/**
 * A one-button form posting one intent to the page's action (unpin, revoke, delete, end):
 * plain HTML, works without JavaScript. `fields` are sent along as hidden inputs (what the
 * intent is about); `onSubmit` may cancel it (a confirmation).
 */
export function IntentButton({
  intent,
  fields = {},
  children,
  className,
  variant = "outline",
  size = "sm",
  label,
  onSubmit,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  children: ReactNode;
  className?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The button's accessible name, when its text alone does not say what it acts on. */
  label?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form method="post" className={className} onSubmit={onSubmit}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant={variant} size={size} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}
