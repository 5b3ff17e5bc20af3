import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CsrfInput } from "./csrf-input";

/** A one-button form posting one intent to the page's action (unpin, turn off, forget): plain HTML, works without JavaScript. */
export function IntentButton({ intent, children, className }: { intent: string; children: ReactNode; className?: string }) {
  return (
    <Form method="post" className={className}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="outline" size="sm">
        {children}
      </Button>
    </Form>
  );
}
