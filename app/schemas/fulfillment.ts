import { CARRIERS, TRACKING_NUMBER_MAX, type Carrier } from "~/lib/carriers";
import { z } from "./zod-messages";

/** A shipment as the domain takes it: the carrier and its tracking number (spaces gone, upper case). */
export type Shipment = { carrier: Carrier; trackingNumber: string };

/**
 * The seller's shipment (the ship forms of an order and of a parcel, and POST
 * /api/v1/shop/orders/{id}/fulfillment/): one of the carriers and a tracking number of 3 to 40
 * letters, digits and dashes; spaces typed in it ("6A 1234 5678 901") are dropped. Markup or
 * any other character is refused, so nothing but a plain code reaches the mail and the carrier's link.
 */
export const shipmentSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: "fulfillment.errors.carrier" }).describe(`One of ${CARRIERS.join(", ")}`),
    tracking_number: z
      .string({ error: "fulfillment.errors.tracking_required" })
      .transform((typed, ctx) => {
        const code = typed.replace(/\s+/g, "").toUpperCase();
        // One message per problem, the most useful first.
        const message =
          code === ""
            ? "fulfillment.errors.tracking_required"
            : code.length > TRACKING_NUMBER_MAX
              ? "fulfillment.errors.tracking_too_long"
              : !/^[A-Z0-9][A-Z0-9-]{2,}$/.test(code)
                ? "fulfillment.errors.tracking_invalid"
                : null;
        if (message) {
          ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return code;
      })
      .describe("The carrier's tracking number: 3 to 40 letters, digits and dashes (spaces are dropped)"),
  })
  .transform((v): Shipment => ({ carrier: v.carrier, trackingNumber: v.tracking_number }));
