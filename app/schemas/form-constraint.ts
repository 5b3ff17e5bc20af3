import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "zod";

/**
 * The object schema a form's fields come from. A schema that maps the form's names to the
 * domain's (`z.object({...}).transform(...)`) is read through to its object: Conform's
 * constraints need the fields, not the mapped result.
 */
function formFields(schema: z.core.$ZodType): z.core.$ZodType {
  // Read from the definitions: zod's full build and zod/mini (the checkout's) have classes of their own.
  const def = schema._zod.def;
  if (def.type !== "pipe") return schema;
  const pipe = def as z.core.$ZodPipeDef;
  return pipe.out._zod.def.type === "transform" ? formFields(pipe.in) : schema;
}

/** A form's native constraints (required, lengths, patterns), read from its schema. */
export function formConstraint(schema: z.core.$ZodType) {
  // Schemas are immutable: reading one's constraints once is enough (the checkout's are read
  // on every page).
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(formFields(schema));
    constraints.set(schema, constraint);
  }
  return constraint;
}

const constraints = new WeakMap<z.core.$ZodType, ReturnType<typeof getZodConstraint>>();

export type FormConstraint = ReturnType<typeof formConstraint>;
