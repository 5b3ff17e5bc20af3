import { useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { FormConstraint } from "~/schemas/form-constraint";

export type FormValidator<Output> = (formData: FormData) => Submission<Output>;

/**
 * `useValidatedForm` for a page that must not ship its schema (zod) with its first load:
 * the checkout, which shoppers open from a live. The native constraints come computed by
 * the server, and the validator loads when the form is first focused. Until it is there a
 * submit goes to the server, which parses the same schema; fields left before it arrived
 * are validated as soon as it does, so validation on blur, then as the user types, holds.
 */
export function useDeferredValidatedForm<Input extends Record<string, unknown>, Output>(
  id: string,
  loadValidator: () => Promise<FormValidator<Output>>,
  options: {
    constraint: FormConstraint;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<Record<keyof Input, unknown>>;
  },
) {
  const [validate, setValidate] = useState<FormValidator<Output> | null>(null);
  const loading = useRef(false);
  const leftEarly = useRef(new Set<string>());
  const [form, fields] = useForm<Input, Output>({
    id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: options.constraint,
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    shouldValidate: validate ? "onBlur" : "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
  });

  useEffect(() => {
    if (!validate) return;
    for (const name of leftEarly.current) form.validate({ name });
    leftEarly.current.clear();
  }, [validate, form]);

  /** Handlers for the <form>: focus starts the load, a field left before it ends is remembered. */
  const loadOnFocus = {
    onFocus: () => {
      if (loading.current) return;
      loading.current = true;
      void loadValidator().then((validator) => setValidate(() => validator));
    },
    onBlur: (event: React.FocusEvent<HTMLFormElement>) => {
      const name = (event.target as Partial<HTMLInputElement>).name;
      if (!validate && name && event.target.form === event.currentTarget) leftEarly.current.add(name);
    },
  };
  return [form, fields, loadOnFocus] as const;
}
