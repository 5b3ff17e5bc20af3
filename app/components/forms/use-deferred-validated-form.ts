import type { Submission, SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { FormConstraint } from "~/schemas/form-constraint";
import type { FieldState } from "./fields";

export type FormValidator<Output> = (formData: FormData) => Submission<Output>;

/** The errors shown by field name (`""` the form's), and the fields validated once (whose errors show). */
export type FormState = { errors: Record<string, string[]>; validated: Record<string, true> };

/**
 * Conform's rule for what a form shows after a validation: the `names` become validated,
 * and only validated fields show their errors (a `null` error keeps the one shown).
 */
export function reportErrors(state: FormState, error: Record<string, string[] | null> | undefined, names: string[]): FormState {
  const validated = { ...state.validated };
  for (const name of names) validated[name] = true;
  const errors: FormState["errors"] = {};
  for (const [name, fieldErrors] of Object.entries(error ?? {})) {
    const shown = fieldErrors ?? state.errors[name];
    if (shown && validated[name]) errors[name] = shown;
  }
  return { errors, validated };
}

/** A reply (the server's, or a submit's validation): its errors and every field it names become validated. */
export function reportResult(state: FormState, result: Pick<SubmissionResult<string[]>, "error" | "fields">): FormState {
  return reportErrors(state, result.error, [...Object.keys(result.error ?? {}), ...(result.fields ?? [])]);
}

/** The name of a named input, select or textarea of the form (Conform's field elements), else "". */
function fieldOf(target: EventTarget, form: HTMLFormElement): string {
  const element = target as HTMLInputElement;
  return element.form === form && element.matches("input:not([type=submit],[type=button],[type=reset]),select,textarea")
    ? element.name
    : "";
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: FormState["errors"]) {
  for (const element of form?.elements ?? []) {
    if (fieldOf(element, form!) && errors[(element as HTMLInputElement).name]) return (element as HTMLElement).focus();
  }
}

/**
 * The checkout's forms (shipping, card), which shoppers open from a live: Conform's `useForm`
 * behaviour (`shouldValidate: "onBlur"`, `shouldRevalidate: "onInput"`) without Conform's
 * form state in the page's first load (decision 016). The native constraints come computed
 * by the server, and the validator (the schema, zod) loads when the form is first focused.
 * Until it is there a submit goes to the server, which parses the same schema; fields left
 * before it arrived are validated as soon as it does. Then a field is validated when left,
 * again as it is typed in; a submit validates every field and, when one is invalid, stays in
 * the page and focuses the first. The server's reply (`lastResult`) shows its errors, and
 * focuses the first invalid field when the form was sent with JavaScript.
 */
export function useDeferredValidatedForm<Input extends Record<string, unknown>, Output>(
  id: string,
  loadValidator: () => Promise<FormValidator<Output>>,
  options: {
    constraint: FormConstraint;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<Record<keyof Input, string>>;
  },
) {
  const { lastResult } = options;
  // A ref, not state: a field left between the validator's arrival and the next render (whose
  // handlers would see new state) is validated at once, not queued for an arrival already past.
  const validator = useRef<FormValidator<Output> | null>(null);
  const loading = useRef(false);
  // Fields left before the validator arrived: validated when it does.
  const leftEarly = useRef(new Set<string>());
  // What the fields start with: the values the server sent back, else the defaults (a later reply leaves the inputs as typed).
  const [initialValue] = useState<Record<string, unknown>>(() => lastResult?.initialValue ?? options.defaultValue ?? {});
  const [state, setState] = useState(() => ({
    ...reportResult({ errors: {}, validated: {} }, lastResult ?? {}),
    result: lastResult,
    // Bumped by a reply to a post sent with JavaScript: its first invalid field gets the focus once rendered.
    focus: 0,
  }));
  if (lastResult && lastResult !== state.result) {
    setState({ ...reportResult(state, lastResult), result: lastResult, focus: state.focus + (lastResult.status === "error" ? 1 : 0) });
  }
  const { errors, focus } = state;
  useEffect(() => {
    if (focus) focusFirstInvalid(document.getElementById(id) as HTMLFormElement | null, errors);
    // Only a new reply moves the focus, not the errors changing as the shopper types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus, id]);

  /** Validates the form, showing the errors of the validated fields (`names` added). */
  function validateFields(form: HTMLFormElement, names: string[], validate: FormValidator<Output>) {
    const submission = validate(new FormData(form));
    const error = submission.status === "success" ? undefined : (submission.error ?? undefined);
    setState((previous) => ({ ...previous, ...reportErrors(previous, error, names) }));
  }

  const form = {
    id,
    errors: errors[""],
    /** For the <form>: its first focus loads the validator; blur, input and submit validate once it is there. */
    props: {
      id,
      noValidate: true,
      // As Conform's form props: the form's own errors describe it.
      "aria-describedby": errors[""] ? `${id}-error` : undefined,
      onFocus: (event: React.FocusEvent<HTMLFormElement>) => {
        if (loading.current) return;
        loading.current = true;
        const formElement = event.currentTarget;
        void loadValidator().then((loaded) => {
          validator.current = loaded;
          if (leftEarly.current.size) validateFields(formElement, [...leftEarly.current], loaded);
        });
      },
      onBlur: (event: React.FocusEvent<HTMLFormElement>) => {
        const name = fieldOf(event.target, event.currentTarget);
        if (!name) return;
        if (!validator.current) leftEarly.current.add(name);
        else if (!state.validated[name]) validateFields(event.currentTarget, [name], validator.current);
      },
      onInput: (event: React.FormEvent<HTMLFormElement>) => {
        const name = fieldOf(event.target, event.currentTarget);
        if (validator.current && name && state.validated[name]) validateFields(event.currentTarget, [name], validator.current);
      },
      onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
        if (!validator.current) return;
        const formData = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
        const submission = validator.current(formData);
        const error = submission.status === "success" ? {} : (submission.error ?? {});
        const next = reportResult(state, { error, fields: [...formData.keys()] });
        setState((previous) => ({ ...previous, ...next }));
        if (submission.status === "success") return;
        event.preventDefault();
        focusFirstInvalid(event.currentTarget, next.errors);
      },
    },
  };
  // Conform's field metadata, the part the fields' markup reads (`FieldState`), for any name.
  const fields = new Proxy({} as Record<keyof Input, FieldState>, {
    get: (_, name: string): FieldState => ({
      id: `${id}-${name}`,
      name,
      formId: id,
      errorId: `${id}-${name}-error`,
      descriptionId: `${id}-${name}-description`,
      errors: errors[name],
      initialValue: initialValue[name],
      ...options.constraint[name],
    }),
  });
  return [form, fields] as const;
}
