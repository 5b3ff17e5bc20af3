import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { z } from "zod";
import { DomainError, ForbiddenError } from "~/domain/errors.server";
import { requestLog } from "~/lib/logger.server";
import { messageKey, translateMessage } from "~/lib/messages";
import { parsePathId } from "~/lib/path-id";
import { getI18nInstance } from "~/middleware/i18n.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { formControlCharacterError } from "./text-input.server";

/**
 * Screen actions. A screen declares its action as a map from the form's `intent` to a
 * handler (`formAction`), or with one handler when it has a single form (`singleFormAction`).
 * Each handler says how a `DomainError` it throws is answered (`errors`):
 *
 * - `"form"`: a Conform reply (form error, or field errors when the error has some) with
 *   the error's status, for the submission the handler parsed with `args.parse(schema)`;
 * - `"toast"`: an error toast, then back to the form's `returnTo` (a path on this site) or
 *   to the page itself;
 * - `"message"`: `{ intent, error }` with the error's status, `error` being the translated
 *   first field error or message, for small forms that show it in place;
 * - a function, for a screen whose result has its own shape.
 *
 * A `ForbiddenError` (this user may not do this at all, e.g. a non-seller posting a seller
 * form) is not about what was typed: in the built-in modes it is the error page, with its
 * status and message.
 * Anything else a handler throws (redirects, 404 pages, unexpected errors) goes on as is.
 * An unknown or missing intent is a 400; a body that is not a form is a 415 (400 when it
 * cannot be read); typed text holding a control character is a 400 that names the field
 * (`text-input.server.ts`), answered in the handler's mode before the handler runs.
 */
export type FormActionArgs = {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};

export type FormReplyOptions = {
  hideFields?: string[];
  headers?: HeadersInit;
  /** Show the error as the form's own error even when it names fields the form does not have (e.g. `items.0`). */
  asFormError?: boolean;
};

export type IntentArgs<G> = FormActionArgs & {
  /** What the action's guard returned (the signed-in user, the seller, ...). */
  guarded: G;
  formData: FormData;
  /**
   * Headers every built-in answer of this action carries (invalid submission, domain error
   * replies, the toast's redirect), e.g. a cookie the handler set before it failed. A
   * handler's own responses add them themselves.
   */
  headers: Headers;
  intent: string;
  /**
   * The value of a valid submission; an invalid one answers the form's 400 reply. The
   * options also apply to a later domain error's reply ("form" errors).
   */
  parse: <S extends z.core.$ZodType>(schema: S, options?: FormReplyOptions) => z.output<S>;
  /** The "form" answer to a domain error, for an `errors` function that answers most errors that way. */
  reply: (error: DomainError, options?: FormReplyOptions) => FormErrorReply;
};

export type FormErrorReply = ReturnType<typeof data<SubmissionResult<string[]>>>;
type MessageReply = ReturnType<typeof data<{ intent: string; error: string }>>;
type CustomErrorReply<G> = (error: DomainError, args: IntentArgs<G>) => unknown;
export type ErrorMode<G> = "form" | "toast" | "message" | CustomErrorReply<G>;

export type IntentHandler<G> = { errors: ErrorMode<G>; handle: (args: IntentArgs<G>) => unknown };

type ErrorResult<M> = M extends "form"
  ? FormErrorReply
  : M extends "message"
    ? MessageReply
    : M extends (...args: never[]) => infer R
      ? Awaited<R>
      : never;
type HandlerResult<H> = H extends { handle: (...args: never[]) => infer R; errors: infer M } ? Awaited<R> | ErrorResult<M> : never;

type Guard<G> = (args: FormActionArgs) => G | PromiseLike<G>;

/**
 * A screen action with several forms, told apart by their `intent` field:
 * `formAction(guard)({ "intent-a": handler, ... })`. The guard runs first (who may post at
 * all, e.g. `requireUserPage`); its result reaches every handler as `guarded`.
 */
export function formAction<G>(guard: Guard<G>) {
  return <H extends Record<string, IntentHandler<G>>>(intents: H) =>
    async (args: FormActionArgs): Promise<HandlerResult<H[keyof H]>> => {
      const guarded = await guard(args);
      const formData = await readForm(args);
      const intent = formData.get("intent");
      const handler = typeof intent === "string" && Object.hasOwn(intents, intent) ? intents[intent] : undefined;
      if (!handler) throw data({ message: getI18nInstance(args.context).t("errors.unknown_action") }, { status: 400 });
      return (await runHandler(handler, { ...args, guarded, formData, intent: intent as string, headers: new Headers() })) as HandlerResult<
        H[keyof H]
      >;
    };
}

/** A screen action with one form (no `intent` needed): `singleFormAction(guard)(handler)`, handled as in `formAction`. */
export function singleFormAction<G>(guard: Guard<G>) {
  return <H extends IntentHandler<G>>(handler: H) =>
    async (args: FormActionArgs): Promise<HandlerResult<H>> => {
      const guarded = await guard(args);
      const formData = await readForm(args);
      const intent = formData.get("intent");
      return (await runHandler(handler, {
        ...args,
        guarded,
        formData,
        intent: typeof intent === "string" ? intent : "",
        headers: new Headers(),
      })) as HandlerResult<H>;
    };
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The posted form. Another body (text, JSON, none) is the client's mistake, answered with the
 * error page (415, or 400 for a form that cannot be read: multipart without its boundary, or
 * cut short) and a warning in the log rather than a 500.
 */
async function readForm({ request, context }: FormActionArgs): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const t = getI18nInstance(context).t;
  if (!FORM_TYPES.has(type)) {
    requestLog().warn({ status: 415, reason: "not a form", content_type: type.slice(0, 100) }, "request refused");
    throw data({ message: t("errors.form_expected") }, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    requestLog().warn({ status: 400, reason: "malformed form", content_type: type }, "request refused");
    throw data({ message: t("errors.malformed_form") }, { status: 400 });
  }
}

/** Thrown by `parse` for an invalid submission; answered by the action, never seen outside. */
class InvalidSubmission {
  constructor(readonly response: FormErrorReply) {}
}

async function runHandler<G>(handler: IntentHandler<G>, base: Omit<IntentArgs<G>, "parse" | "reply">): Promise<unknown> {
  let parsed: { submission: Submission<unknown>; options: FormReplyOptions } | null = null;
  const withActionHeaders = (headers?: HeadersInit) => {
    const merged = new Headers(headers);
    base.headers.forEach((value, name) => merged.append(name, value));
    return merged;
  };
  const reply = (error: DomainError, extra: FormReplyOptions = {}) => {
    const { submission, options } = parsed ?? { submission: parseWithZod(base.formData, { schema: z.looseObject({}) }), options: {} };
    const combined = { ...options, ...extra };
    return domainErrorReply(submission, error, { ...combined, headers: withActionHeaders(combined.headers) });
  };
  const args: IntentArgs<G> = {
    reply,
    ...base,
    parse: (schema, options = {}) => {
      const submission = parseWithZod(base.formData, { schema });
      parsed = { submission, options };
      if (submission.status !== "success") {
        throw new InvalidSubmission(
          data(submission.reply({ hideFields: options.hideFields }), { status: 400, headers: withActionHeaders(options.headers) }),
        );
      }
      return submission.value as z.output<typeof schema>;
    },
  };
  // A control character is a 400 before the handler runs: in place where the form answers its
  // errors there, else (a toast and a redirect) the error page. A toast form's fields are not
  // typed (ids, hidden values): a control character there comes from a crafted request.
  const typedControlCharacter = formControlCharacterError(base.formData);
  const controlCharacterPage = (error: DomainError) =>
    data({ message: translateMessage(getI18nInstance(base.context).t, error.messageKey, error.values) }, { status: error.status });
  if (typedControlCharacter && handler.errors === "toast") throw controlCharacterPage(typedControlCharacter);
  try {
    if (typedControlCharacter) throw typedControlCharacter;
    return await handler.handle(args);
  } catch (error) {
    if (error instanceof InvalidSubmission) return error.response;
    if (!(error instanceof DomainError)) throw error;
    const mode = handler.errors;
    if (typeof mode === "function") {
      const answer = await mode(error, args);
      if (error === typedControlCharacter && answer instanceof Response && answer.status >= 300 && answer.status < 400) {
        throw controlCharacterPage(error);
      }
      return answer;
    }
    const t = getI18nInstance(base.context).t;
    // A refusal is not about what was typed: the error page says it, whatever the form.
    if (error instanceof ForbiddenError) {
      throw data({ message: translateMessage(t, error.messageKey, error.values) }, { status: error.status });
    }
    if (mode === "form") return reply(error);
    if (mode === "message") {
      const firstFieldError = Object.values(error.fieldErrors)[0]?.[0];
      return data(
        { intent: base.intent, error: translateMessage(t, firstFieldError ?? messageKey(error.messageKey, error.values)) },
        { status: error.status, headers: withActionHeaders() },
      );
    }
    setToast(base.context, { type: "error", message: translateMessage(t, error.messageKey, error.values) });
    const url = new URL(base.request.url);
    return redirect(safeRedirectPath(base.formData.get("returnTo"), url.pathname + url.search), { headers: withActionHeaders() });
  }
}

/**
 * The record a form names in a field (a hidden id): spelled as in a path (`parsePathId`), else
 * 0, which names none (its action then answers "not found"), rather than a `NaN` or a number
 * no id column holds, which PostgreSQL refuses with an error.
 */
export function formRecordId(formData: FormData, name: string): number {
  const value = formData.get(name);
  return typeof value === "string" ? (parsePathId(value) ?? 0) : 0;
}

/** A domain error as a Conform reply: field errors when it has some, else a form error. */
export function domainErrorReply<T>(submission: Submission<T>, error: DomainError, options: FormReplyOptions = {}): FormErrorReply {
  const hasFieldErrors = !options.asFormError && Object.keys(error.fieldErrors).length > 0;
  return data(
    submission.reply({
      formErrors: hasFieldErrors ? [] : [messageKey(error.messageKey, error.values)],
      fieldErrors: hasFieldErrors ? error.fieldErrors : {},
      hideFields: options.hideFields,
    }),
    { status: error.status, headers: options.headers },
  );
}
