import { data } from "react-router";
import type { ShipFormResult } from "~/components/orders/ship-form";
import { ValidationError, type DomainError } from "~/domain/errors.server";
import { messageKey } from "~/lib/messages";

/** A shipment's fields as typed (the carrier and tracking number), for its schema and a refused answer. */
export function shipmentTyped(formData: FormData) {
  return { carrier: String(formData.get("carrier") ?? ""), tracking_number: String(formData.get("tracking_number") ?? "") };
}

/** A refused shipment: the page again, with the errors and what was typed (in place with JavaScript). */
export function shipFormRefused(error: DomainError, formData: FormData) {
  const fieldErrors = error instanceof ValidationError ? error.fieldErrors : {};
  const formErrors = Object.keys(fieldErrors).length ? [] : [messageKey(error.messageKey, error.values)];
  return data({ ship: { fieldErrors, formErrors, values: shipmentTyped(formData) } } satisfies ShipFormResult, { status: error.status });
}
