import { z } from "zod";
import { tagged } from "./endpoint.server";
import { registrationStep1Schema, registrationStep2Schema, registrationStep3Schema } from "~/schemas/sellers";

/** The whole registration in one call: the three steps' fields together. */
const registrationSchema = z.object({
  ...registrationStep1Schema.in.shape,
  ...registrationStep2Schema.in.shape,
  email: z.email(),
  first_name: z.string(),
  last_name: z.string(),
  password: z.string().min(8),
  password_confirm: z.string(),
});

const TOO_MANY_REGISTRATION_REQUESTS = "Too many registration steps or accounts from this address (Retry-After)";

/** A seller's registration, step by step or in one call. */
export const registrationEndpoints = tagged("Registration", [
  {
    path: "/customer/register/status/",
    method: "get",
    auth: "none",
    summary: "The visitor's registration progress: {current_step, next_step}.",
  },
  {
    path: "/customer/register/step1/",
    method: "post",
    auth: "none",
    summary: "Registration step 1: the business.",
    body: registrationStep1Schema,
    also: { "409": "Subdomain taken", "429": TOO_MANY_REGISTRATION_REQUESTS },
  },
  {
    path: "/customer/register/step2/",
    method: "post",
    auth: "none",
    summary: "Registration step 2: contact details.",
    body: registrationStep2Schema,
    also: { "429": TOO_MANY_REGISTRATION_REQUESTS },
  },
  {
    path: "/customer/register/step3/",
    method: "post",
    auth: "none",
    summary: "Registration step 3: the account; creates the seller and logs in.",
    body: registrationStep3Schema,
    status: 201,
    also: { "409": "Email or subdomain taken", "429": TOO_MANY_REGISTRATION_REQUESTS },
  },
  {
    path: "/customer/register/complete/",
    method: "post",
    auth: "none",
    summary: "The whole registration in one call.",
    body: registrationSchema,
    status: 201,
    also: { "409": "Email or subdomain taken", "429": TOO_MANY_REGISTRATION_REQUESTS },
  },
]);
