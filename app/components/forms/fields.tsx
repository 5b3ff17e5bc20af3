import type { Constraint } from "@conform-to/dom";
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "~/lib/class-names";
import { translateMessage } from "~/lib/messages";

export const inputClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500 disabled:bg-slate-100";

/** Error texts of a field; they are translation keys, translated here. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700" aria-live="polite">
      {errors.map((error) => (
        <li key={error}>{translateMessage(t, error)}</li>
      ))}
    </ul>
  );
}

export function FormErrors({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {errors.map((error) => (
        <p key={error}>{translateMessage(t, error)}</p>
      ))}
    </div>
  );
}

/**
 * What a field's markup reads of Conform's field metadata: Conform's `useForm` fields have it,
 * and so have the checkout's (`useDeferredValidatedForm`, without Conform's form state).
 */
export type FieldState = Constraint & {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
  key?: string;
};

/** Conform's input props (id, name, constraints, value, aria-invalid, aria-describedby) of a field; they read only its `FieldState`. */
export function fieldInputProps(field: FieldState, options: Parameters<typeof getInputProps>[1]) {
  return getInputProps(field as FieldMetadata<string>, options);
}

type FieldShellProps = {
  field: FieldState;
  label: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** A field's label; a required field's ends with a red asterisk (its input tells screen readers). */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {children}
      {required ? (
        <span aria-hidden="true" className="text-red-600">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

function FieldShell({ field, label, hint, children, className }: FieldShellProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={field.id} required={field.required}>
        {label}
      </FieldLabel>
      {children}
      {hint ? (
        <div id={field.descriptionId} className="mt-1 text-xs text-slate-500">
          {hint}
        </div>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

type InputType = "text" | "email" | "password" | "tel" | "url" | "number" | "search" | "color" | "date";

export function TextField({
  field,
  label,
  type = "text",
  hint,
  className,
  inputProps,
}: {
  field: FieldState;
  label: string;
  type?: InputType;
  hint?: ReactNode;
  className?: string;
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const { key, ...props } = fieldInputProps(field, { type, ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <FieldShell field={field} label={label} hint={hint} className={className}>
      <input key={key} {...props} {...inputProps} className={cx(inputClasses, inputProps?.className)} />
    </FieldShell>
  );
}

export function TextAreaField({
  field,
  label,
  hint,
  rows = 4,
  className,
  textareaProps,
}: {
  field: FieldMetadata<string | undefined | null>;
  label: string;
  hint?: ReactNode;
  rows?: number;
  className?: string;
  textareaProps?: React.TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const { key, ...props } = getTextareaProps(field as FieldMetadata<string>, { ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <FieldShell field={field} label={label} hint={hint} className={className}>
      <textarea key={key} rows={rows} {...props} {...textareaProps} className={cx(inputClasses, textareaProps?.className)} />
    </FieldShell>
  );
}

export function SelectField({
  field,
  label,
  options,
  hint,
  className,
  placeholder,
}: {
  field: FieldMetadata<string | undefined | null>;
  label: string;
  options: { value: string; label: string }[];
  hint?: ReactNode;
  className?: string;
  placeholder?: string;
}) {
  const { key, ...props } = getSelectProps(field as FieldMetadata<string>, { ariaDescribedBy: hint ? field.descriptionId : undefined });
  return (
    <FieldShell field={field} label={label} hint={hint} className={className}>
      <select key={key} {...props} className={inputClasses}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
