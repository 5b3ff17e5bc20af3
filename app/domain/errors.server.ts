/**
 * Typed failures of domain functions. Messages and field errors are translation keys
 * (with optional interpolation values); each surface (API, screens) translates them.
 */
export type FieldErrors = Record<string, string[]>;
export type MessageValues = Record<string, string | number>;

export abstract class DomainError extends Error {
  abstract readonly status: number;
  /** A stable reason an API client can test (e.g. `out_of_stock`); most errors have none. */
  readonly code?: string;
  /** Errors per input field (API `errors`, form field errors); empty when the whole request failed. */
  readonly fieldErrors: FieldErrors;
  constructor(
    readonly messageKey: string,
    readonly values: MessageValues = {},
    fieldErrors: FieldErrors = {},
  ) {
    super(messageKey);
    this.fieldErrors = fieldErrors;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
  constructor(messageKey: string, fieldErrors: FieldErrors = {}, values: MessageValues = {}) {
    super(messageKey, values, fieldErrors);
  }
}
export class UnauthorizedError extends DomainError {
  readonly status = 401;
}
export class ForbiddenError extends DomainError {
  readonly status = 403;
}
export class NotFoundError extends DomainError {
  readonly status = 404;
}
export class ConflictError extends DomainError {
  readonly status = 409;
  constructor(messageKey: string, fieldErrors: FieldErrors = {}, values: MessageValues = {}) {
    super(messageKey, values, fieldErrors);
  }
}
export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
}
export class RateLimitedError extends DomainError {
  readonly status = 429;
  constructor(
    messageKey: string,
    readonly retryAfterSeconds: number,
    values: MessageValues = {},
  ) {
    super(messageKey, values);
  }
}
/** The payment provider refused the request or could not be reached (a 502: upstream). */
export class ProviderError extends DomainError {
  readonly status = 502;
}
/** The card was refused (a 402, as card providers answer it). */
export class PaymentRequiredError extends DomainError {
  readonly status = 402;
}
