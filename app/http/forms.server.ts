import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { DomainError } from "~/domain/errors.server";
import { messageKey } from "~/lib/messages";

/**
 * Form actions answer Conform submission results; error texts are translation keys that
 * the form translates. Domain errors become form or field errors with their status.
 */
export function formErrorResponse<T>(
  submission: Submission<T>,
  error: unknown,
  options: { hideFields?: string[]; headers?: HeadersInit } = {},
): ReturnType<typeof data<SubmissionResult<string[]>>> {
  if (!(error instanceof DomainError)) throw error;
  const fieldErrors = "fieldErrors" in error ? (error.fieldErrors as Record<string, string[]>) : {};
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return data(
    submission.reply({
      formErrors: hasFieldErrors ? [] : [messageKey(error.messageKey, error.values)],
      fieldErrors,
      hideFields: options.hideFields,
    }),
    { status: error.status, headers: options.headers },
  );
}

/** Only same-site relative paths (never `//host` or a scheme). */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
