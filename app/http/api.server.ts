import type { TFunction } from "i18next";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { DomainError, NotFoundError, RateLimitedError, ValidationError, type FieldErrors } from "~/domain/errors.server";
import { requestLog } from "~/lib/logger.server";
import { translateMessage } from "~/lib/messages";
import { getI18nInstance } from "~/middleware/i18n.server";
import { wellFormed } from "~/schemas/text-input";
import { refuseControlCharacters } from "./text-input.server";

/**
 * The /api/v1 surface: JSON in, JSON out, errors as {"message"} (plus "errors" per field)
 * with the right status. Bad input is a 4xx, never a 500.
 */
export type ApiArgs = {
  request: Request;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Handler = (args: ApiArgs) => unknown;

export function apiResource(handlers: Partial<Record<Method, Handler>>) {
  const run = (args: ApiArgs) => dispatch(args, handlers);
  return { loader: run, action: run };
}

type Handlers = Partial<Record<Method, Handler>>;
const notFound = () => {
  throw new NotFoundError("errors.api_not_found");
};
const UNKNOWN_ENDPOINT: Handlers = { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound };

/**
 * Several endpoints in one route module, told apart by a path parameter
 * (`customization/`, `customization/update/`, `customization/public/`): each has its own
 * methods, so a wrong method is a 405 whose `Allow` names that endpoint's methods, and a
 * name `endpointOf` does not know (null) is a 404 whatever the method.
 */
export function apiEndpoints<Name extends string>(
  endpointOf: (params: ApiArgs["params"]) => Name | null,
  endpoints: Record<Name, Handlers>,
) {
  const run = (args: ApiArgs) => {
    const name = endpointOf(args.params);
    return dispatch(args, name === null ? UNKNOWN_ENDPOINT : endpoints[name]);
  };
  return { loader: run, action: run };
}

async function dispatch(args: ApiArgs, handlers: Handlers): Promise<Response> {
  const t = getI18nInstance(args.context).t;
  const method = (args.request.method === "HEAD" ? "GET" : args.request.method) as Method;
  const handler = handlers[method];
  if (!handler) {
    return Response.json(
      { message: t("errors.method_not_allowed", { method: args.request.method }) },
      { status: 405, headers: { Allow: Object.keys(handlers).join(", ") } },
    );
  }
  try {
    const result = await handler(args);
    if (result instanceof Response) return result;
    if (result === undefined || result === null) return new Response(null, { status: 204 });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof Response) return error;
    return apiErrorResponse(error, t);
  }
}

export function translateFieldErrors(t: TFunction, fieldErrors: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map((m) => translateMessage(t, m))]));
}

export function apiErrorResponse(error: unknown, t: TFunction): Response {
  if (error instanceof DomainError) {
    const body: { message: string; code?: string; errors?: Record<string, string[]> } = {
      message: translateMessage(t, error.messageKey, error.values),
    };
    // A machine-readable reason where one is defined (409 `out_of_stock`).
    if (error.code) body.code = error.code;
    if (Object.keys(error.fieldErrors).length > 0) body.errors = translateFieldErrors(t, error.fieldErrors);
    const headers = new Headers();
    if (error instanceof RateLimitedError) headers.set("Retry-After", String(error.retryAfterSeconds));
    return Response.json(body, { status: error.status, headers });
  }
  requestLog().error({ err: error }, "unhandled error");
  return Response.json({ message: t("errors.server") }, { status: 500 });
}

/** Reads a JSON object body; anything else, or text holding a control character, is a 400 with a clear message. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type && !type.includes("json")) throw new ValidationError("errors.json_expected");
  let text: string;
  try {
    text = await request.text();
  } catch {
    throw new ValidationError("errors.malformed_json");
  }
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    // A lone surrogate ("\ud800", which only a JSON escape can write) is no text: it reads as
    // U+FFFD, as in a form's UTF-8 (PostgreSQL's jsonb refuses it outright).
    value = JSON.parse(text, (_key, item: unknown) => (typeof item === "string" ? wellFormed(item) : item));
  } catch {
    throw new ValidationError("errors.malformed_json");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ValidationError("errors.json_object_expected");
  refuseControlCharacters(value);
  return value as Record<string, unknown>;
}

/** Validates input against a schema; failures become a ValidationError with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "non_field_errors";
    (fieldErrors[field] ??= []).push(issue.message);
  }
  throw new ValidationError("errors.validation", fieldErrors);
}

/** Validates one input against several schemas, reporting every field error at once. */
export function parseInputs<A extends z.ZodType, B extends z.ZodType, C extends z.ZodType>(
  schemas: [A, B, C],
  input: unknown,
): z.output<A> & z.output<B> & z.output<C> {
  const fieldErrors: FieldErrors = {};
  const values: Record<string, unknown> = {};
  for (const schema of schemas) {
    try {
      Object.assign(values, parseInput(schema, input));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      Object.assign(fieldErrors, error.fieldErrors);
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw new ValidationError("errors.validation", fieldErrors);
  return values as z.output<A> & z.output<B> & z.output<C>;
}

/**
 * DRF-style page links: absolute URLs of the neighbouring pages, or null, on the site's
 * configured address (`siteUrl`), never the request's Host.
 */
export function pageLinks(base: string, url: URL, page: number, pageSize: number, count: number) {
  const link = (target: number) => {
    const next = new URL(url.pathname + url.search, base);
    next.searchParams.set("page", String(target));
    return next.toString();
  };
  return {
    next: page * pageSize < count ? link(page + 1) : null,
    // Past the end, "previous" is the last page that has results.
    previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
  };
}
