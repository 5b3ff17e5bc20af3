import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { formConstraint } from "~/schemas/form-constraint";

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
const anyFields = z.record(z.string(), z.unknown());

/**
 * Every form validates the same way: native constraints from the schema (so they hold
 * without JavaScript), the zod schema on blur and then as the user types, and the
 * server's answer (`lastResult`) shown in place. `firstValidation: "submit"` waits for the
 * form to be sent before a field's first check: for a box typed, sent and emptied over and
 * over (the live board's claim), which the user leaves empty without any mistake, and whose
 * error appearing on the way out would move the button being tapped.
 */
export function useValidatedForm<S extends ObjectSchema>(
  id: string,
  schema: S,
  options: {
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<Record<keyof z.input<S>, unknown>>;
    firstValidation?: "blur" | "submit";
  } = {},
) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: formConstraint(schema),
    // A submit button marked data-skip-validation (e.g. a wizard's Previous) sends the form
    // as it is; the server decides. (Not formNoValidate: Conform's own blur-validation
    // submitter carries that too.)
    onValidate: ({ formData, submitter }) =>
      parseWithZod(formData, { schema: submitter?.dataset.skipValidation !== undefined ? (anyFields as unknown as S) : schema }),
    shouldValidate: options.firstValidation === "submit" ? "onSubmit" : "onBlur",
    shouldRevalidate: "onInput",
  });
}
