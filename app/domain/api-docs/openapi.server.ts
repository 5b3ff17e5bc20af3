import { z } from "zod";
import { loginSchema, changePasswordApiSchema, profilePatchSchema, resendVerificationSchema } from "~/schemas/accounts";
import { categoryInputSchema, categoryPatchSchema, productInputSchema, productPatchSchema } from "~/schemas/catalogue-admin";
import { productListQuerySchema } from "~/schemas/catalogue";
import { orderCreateSchema, orderListQuerySchema, orderStatusChangeSchema } from "~/schemas/checkout";
import { customizationSchema } from "~/schemas/customization";
import { refundSchema } from "~/schemas/refunds";
import { liveCreateApiSchema, liveListQuerySchema, livePinApiSchema, liveReminderApiSchema } from "~/schemas/lives";
import { LIVE_PLATFORMS } from "~/lib/live-platforms";
import { confirmRequestSchema, payRequestSchema, simulatedCardSchema } from "~/schemas/payments";
import { registrationStep1Schema, registrationStep2Schema, registrationStep3Schema, sellerProfilePatchSchema } from "~/schemas/sellers";
import { DEFAULT_MINIMUM_ORDER_CENTS } from "~/schemas/customization";

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the same zod schemas the endpoints
 * validate with (so the document cannot drift from the validation).
 */
type Method = "get" | "post" | "put" | "patch" | "delete";
type Endpoint = {
  path: string;
  method: Method;
  summary: string;
  tag: string;
  auth: "none" | "user" | "seller" | "signature";
  body?: z.ZodType;
  multipart?: boolean;
  query?: z.ZodObject;
  status?: number;
  /** The success answer's JSON schema, where the document spells it out (a `$ref` to a component). */
  response?: Record<string, unknown>;
  /** Other answers the endpoint gives, beyond the ones every endpoint of its kind gives. */
  also?: Partial<Record<"200" | "403" | "409" | "429" | "502", string>>;
};

const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
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

const LIVE_REF = { $ref: "#/components/schemas/Live" };

/** A live as the API answers it (`liveResource`). */
const LIVE_SCHEMA = {
  type: "object",
  required: [
    "id",
    "code",
    "title",
    "platform",
    "url",
    "status",
    "scheduled_at",
    "started_at",
    "ended_at",
    "pinned_product_id",
    "reminder_delay_minutes",
    "stats",
  ],
  properties: {
    id: { type: "integer" },
    code: { type: "string", pattern: "^[a-z2-9]{6}$", description: "The short code of the live's link" },
    title: { type: "string" },
    platform: { type: "string", enum: [...LIVE_PLATFORMS] },
    url: { type: "string", format: "uri", description: "The live's public link on the shop host: /live/{code}" },
    status: { type: "string", enum: ["live", "ended"] },
    scheduled_at: { type: ["string", "null"], format: "date-time" },
    started_at: { type: "string", format: "date-time" },
    ended_at: { type: ["string", "null"], format: "date-time" },
    pinned_product_id: { type: ["integer", "null"] },
    reminder_delay_minutes: {
      type: ["integer", "null"],
      description: "Minutes after a checkout starts before its one reminder; null: none",
    },
    stats: {
      type: "object",
      required: ["visits", "checkouts_started", "paid_orders", "open_checkouts", "revenue", "conversion_rate"],
      properties: {
        visits: { type: "integer", description: "Page loads of the live's link" },
        checkouts_started: { type: "integer" },
        paid_orders: { type: "integer" },
        open_checkouts: { type: "integer", description: "Unpaid and not cancelled" },
        revenue: { type: "string", description: 'Paid orders\' total net of refunds, e.g. "125.50"' },
        conversion_rate: { type: ["number", "null"], description: "Paid orders per visit (0 to 1); null before the first visit" },
      },
    },
  },
};

export const API_ENDPOINTS: Endpoint[] = [
  {
    path: "/account/auth/login/",
    method: "post",
    tag: "Account",
    auth: "none",
    summary: "Log in with email and password; answers the user and sets the session cookie.",
    body: loginSchema,
    also: { "429": "Too many failed attempts, or too many password checks at once (Retry-After)" },
  },
  {
    path: "/account/auth/logout/",
    method: "post",
    tag: "Account",
    auth: "user",
    summary: "Log out (ends the session).",
    status: 204,
    also: { "403": "Called with an API key" },
  },
  {
    path: "/account/auth/status/",
    method: "get",
    tag: "Account",
    auth: "none",
    summary: "Whether the caller is authenticated, and who (also sets the csrftoken cookie).",
  },
  {
    path: "/account/auth/change-password/",
    method: "patch",
    tag: "Account",
    auth: "user",
    summary: "Change the password (other sessions end).",
    body: changePasswordApiSchema,
    also: { "403": "Called with an API key" },
  },
  { path: "/account/profile/", method: "get", tag: "Account", auth: "user", summary: "The caller's profile." },
  {
    path: "/account/profile/",
    method: "patch",
    tag: "Account",
    auth: "user",
    summary: "Update first_name, last_name, phone_number, language (email is read-only).",
    body: profilePatchSchema,
  },
  {
    path: "/account/seller-profile/",
    method: "get",
    tag: "Sellers",
    auth: "seller",
    summary: "The seller profile with display values, shop_url and onboarding steps.",
  },
  {
    path: "/account/seller-profile/",
    method: "patch",
    tag: "Sellers",
    auth: "seller",
    summary: "Update the seller profile.",
    body: sellerProfilePatchSchema,
  },
  {
    path: "/auth/verify-email/{token}/",
    method: "get",
    tag: "Account",
    auth: "none",
    summary: "Use an email verification token: {verified, message}.",
  },
  {
    path: "/auth/resend-verification/",
    method: "post",
    tag: "Account",
    auth: "none",
    summary: "Send the verification mail again (60 s cooldown per address).",
    body: resendVerificationSchema,
    also: { "429": "Asked again within the cooldown" },
  },
  {
    path: "/customer/register/status/",
    method: "get",
    tag: "Registration",
    auth: "none",
    summary: "The visitor's registration progress: {current_step, next_step}.",
  },
  {
    path: "/customer/register/step1/",
    method: "post",
    tag: "Registration",
    auth: "none",
    summary: "Registration step 1: the business.",
    body: registrationStep1Schema,
    also: { "409": "Subdomain taken", "429": TOO_MANY_REGISTRATION_REQUESTS },
  },
  {
    path: "/customer/register/step2/",
    method: "post",
    tag: "Registration",
    auth: "none",
    summary: "Registration step 2: contact details.",
    body: registrationStep2Schema,
    also: { "429": TOO_MANY_REGISTRATION_REQUESTS },
  },
  {
    path: "/customer/register/step3/",
    method: "post",
    tag: "Registration",
    auth: "none",
    summary: "Registration step 3: the account; creates the seller and logs in.",
    body: registrationStep3Schema,
    status: 201,
    also: { "409": "Email or subdomain taken", "429": TOO_MANY_REGISTRATION_REQUESTS },
  },
  {
    path: "/customer/register/complete/",
    method: "post",
    tag: "Registration",
    auth: "none",
    summary: "The whole registration in one call.",
    body: registrationSchema,
    status: 201,
    also: { "409": "Email or subdomain taken", "429": TOO_MANY_REGISTRATION_REQUESTS },
  },
  { path: "/customer/shop/customization/", method: "get", tag: "Shop", auth: "seller", summary: "The seller's shop customization." },
  {
    path: "/customer/shop/customization/update/",
    method: "put",
    tag: "Shop",
    auth: "seller",
    summary: "Update the customization (multipart: shop_logo file and fields; or JSON).",
    body: customizationSchema,
    multipart: true,
  },
  {
    path: "/customer/shop/customization/public/",
    method: "get",
    tag: "Shop",
    auth: "none",
    summary: "The public customization of the shop host's shop.",
  },
  {
    path: "/customer/stripe/connect/",
    method: "post",
    tag: "Payments",
    auth: "seller",
    summary: "Create the connected account if needed and mint an onboarding link: {onboarding_url}.",
    also: { "502": "The payment provider failed" },
  },
  {
    path: "/customer/stripe/connect/update_status/",
    method: "post",
    tag: "Payments",
    auth: "seller",
    summary: "Read the payment account's state from the provider into the seller profile.",
    also: { "502": "The payment provider failed" },
  },
  {
    path: "/customer/info/",
    method: "get",
    tag: "Payments",
    auth: "none",
    summary: "{stripe_connect_account_id, client_name} of the shop (shop host) or of the seller.",
  },
  {
    path: "/shop/products/",
    method: "get",
    tag: "Catalogue",
    auth: "none",
    summary:
      "A shop host's live catalogue, paginated: {results, count, next, previous}. On the main host, the signed-in seller's own catalogue with archived products (archived: true).",
    query: productListQuerySchema.in,
  },
  {
    path: "/shop/products/",
    method: "post",
    tag: "Catalogue",
    auth: "seller",
    summary: "Add a product (multipart with an image, or JSON).",
    body: productInputSchema,
    multipart: true,
    status: 201,
  },
  { path: "/shop/products/{id}/", method: "get", tag: "Catalogue", auth: "seller", summary: "One of the seller's products." },
  {
    path: "/shop/products/{id}/",
    method: "patch",
    tag: "Catalogue",
    auth: "seller",
    summary: "Change a product.",
    body: productPatchSchema,
    multipart: true,
  },
  {
    path: "/shop/products/{id}/",
    method: "delete",
    tag: "Catalogue",
    auth: "seller",
    summary: "Delete a product (archived instead when it was ordered).",
    status: 204,
    also: { "200": "Archived instead: {archived: true}" },
  },
  {
    path: "/shop/categories/",
    method: "get",
    tag: "Catalogue",
    auth: "none",
    summary: "A shop host's categories; on the main host, the signed-in seller's own.",
  },
  {
    path: "/shop/categories/",
    method: "post",
    tag: "Catalogue",
    auth: "seller",
    summary: "Add a category (slug unique per shop).",
    body: categoryInputSchema,
    status: 201,
    also: { "409": "Slug taken" },
  },
  {
    path: "/shop/categories/{slug}/",
    method: "patch",
    tag: "Catalogue",
    auth: "seller",
    summary: "Rename a category or change its slug.",
    body: categoryPatchSchema,
    also: { "409": "Slug taken" },
  },
  {
    path: "/shop/categories/{slug}/",
    method: "delete",
    tag: "Catalogue",
    auth: "seller",
    summary: "Delete a category (its products stay).",
    status: 204,
  },
  {
    path: "/shop/orders/",
    method: "get",
    tag: "Orders",
    auth: "none",
    summary:
      "Orders: the shopper's in a shop, a seller's shop orders (paid ones unless view or payment_status says otherwise; with refunded_amount, refundable_amount and refunds), or a client's own.",
    query: orderListQuerySchema,
  },
  {
    path: "/shop/orders/",
    method: "post",
    tag: "Orders",
    auth: "none",
    summary:
      "Place an order in the shop host's shop. With items, total_amount must be the sum of their prices times quantities (400 otherwise); an out-of-stock item is a 409.",
    body: orderCreateSchema(DEFAULT_MINIMUM_ORDER_CENTS),
    status: 201,
    also: { "409": "A product is out of stock" },
  },
  {
    path: "/shop/orders/{id}/",
    method: "get",
    tag: "Orders",
    auth: "none",
    summary:
      "One order (the shopper who placed it or the shop's seller; 404 otherwise). The seller also gets refunded_amount, refundable_amount and refunds.",
  },
  {
    path: "/shop/orders/{id}/",
    method: "patch",
    tag: "Orders",
    auth: "seller",
    summary: "Move the order on (cancelling a paid order refunds it); 409 for an invalid transition.",
    body: orderStatusChangeSchema,
    also: { "409": "Invalid transition, or the order changed meanwhile", "502": "The refund failed at the provider" },
  },
  {
    path: "/shop/orders/export/",
    method: "get",
    tag: "Orders",
    auth: "seller",
    summary: "The seller's filtered orders as CSV (same rule as the list: paid orders unless view or payment_status says otherwise).",
    query: orderListQuerySchema.pick({ view: true, status: true, payment_status: true, search: true }),
  },
  {
    path: "/shop/orders/{id}/refunds/",
    method: "get",
    tag: "Orders",
    auth: "seller",
    summary:
      "The order's refunds: {refunded_amount, refundable_amount, refunds: [{id, amount, currency, reason, status, created_at, created_by}]}.",
  },
  {
    path: "/shop/orders/{id}/refunds/",
    method: "post",
    tag: "Orders",
    auth: "seller",
    summary:
      "Refund some or all of what remains of a paid order (any order status, a return after delivery included), through the provider with the platform fee given back in proportion; recorded in the history and mailed to the shopper.",
    body: refundSchema,
    status: 201,
    also: { "409": "Not paid, or nothing left to refund", "502": "The refund failed at the provider" },
  },
  {
    path: "/payment/pay/",
    method: "post",
    tag: "Payments",
    auth: "none",
    summary: "Start (or resume) an order's payment: {client_secret, transaction_id, amount, currency}.",
    body: payRequestSchema,
    also: { "409": "Already paid, cancelled, or the shop cannot receive payments", "502": "The payment provider failed" },
  },
  {
    path: "/payment/confirm/",
    method: "post",
    tag: "Payments",
    auth: "none",
    summary: "Record the payment's real status, read from the provider.",
    body: confirmRequestSchema,
    also: { "502": "The payment provider failed" },
  },
  {
    path: "/payment/webhook/",
    method: "post",
    tag: "Payments",
    auth: "signature",
    summary: "Stripe Connect webhook (Stripe-Signature verified on the raw body).",
  },
  {
    path: "/payment/simulated/confirm/",
    method: "post",
    tag: "Payments",
    auth: "none",
    summary: "Test mode only: pay a simulated intent with a test card.",
    body: simulatedCardSchema,
  },
  {
    path: "/shop/lives/",
    method: "get",
    tag: "Lives",
    auth: "seller",
    summary: "The seller's lives, newest first, each with its figures, paginated: {results, count, next, previous}.",
    query: liveListQuerySchema,
    response: { $ref: "#/components/schemas/LivePage" },
  },
  {
    path: "/shop/lives/",
    method: "post",
    tag: "Lives",
    auth: "seller",
    summary:
      "Start a live: it gets a short code and its public link on the shop host (/live/{code}) opens at once. scheduled_at is an ISO 8601 date-time with its zone.",
    body: liveCreateApiSchema,
    status: 201,
    response: LIVE_REF,
  },
  {
    path: "/shop/lives/{id}/",
    method: "get",
    tag: "Lives",
    auth: "seller",
    summary: "One of the seller's lives with its figures (404 for another shop's).",
    response: LIVE_REF,
  },
  {
    path: "/shop/lives/{id}/end/",
    method: "post",
    tag: "Lives",
    auth: "seller",
    summary: "End the live: its link then shows that the live has ended. Ending an ended live changes nothing (200, the same live).",
    response: LIVE_REF,
  },
  {
    path: "/shop/lives/{id}/pin/",
    method: "post",
    tag: "Lives",
    auth: "seller",
    summary:
      "Pin a product of the shop's catalogue on the live's page (every viewer sees it at once); an archived or unknown product is a 400.",
    body: livePinApiSchema,
    response: LIVE_REF,
    also: { "409": "The live has ended" },
  },
  {
    path: "/shop/lives/{id}/pin/",
    method: "delete",
    tag: "Lives",
    auth: "seller",
    summary: "Unpin the live's product.",
    response: LIVE_REF,
    also: { "409": "The live has ended" },
  },
  {
    path: "/shop/lives/{id}/orders/",
    method: "get",
    tag: "Lives",
    auth: "seller",
    summary:
      "The live's orders, newest first, as GET /shop/orders/ gives a seller's (with refunded_amount, refundable_amount and refunds), paginated: {results, count, next, previous}. Default view: all (open checkouts included).",
    query: orderListQuerySchema,
  },
  {
    path: "/shop/lives/{id}/reminder/",
    method: "put",
    tag: "Lives",
    auth: "seller",
    summary:
      "The one-time reminder mail to the live's unpaid checkouts, delay_minutes after each started (null turns it off). Each checkout is reminded once.",
    body: liveReminderApiSchema,
    response: LIVE_REF,
  },
  { path: "/openapi.json", method: "get", tag: "Meta", auth: "none", summary: "This document." },
];

const errorResponse = { description: "Error", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of API_ENDPOINTS) {
    const parameters = [
      ...[...endpoint.path.matchAll(/{(\w+)}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } })),
      ...(endpoint.query
        ? Object.entries(endpoint.query.shape).map(([name, schema]) => ({
            name,
            in: "query",
            required: false,
            schema: toSchema(schema as z.ZodType),
          }))
        : []),
    ];
    const body = endpoint.body ? toSchema(endpoint.body) : undefined;
    const status = String(endpoint.status ?? 200);
    const operation: Record<string, unknown> = {
      operationId: `${endpoint.method}${endpoint.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": { schema: body },
                ...(endpoint.multipart ? { "multipart/form-data": { schema: body } } : {}),
              },
            },
          }
        : {}),
      responses: {
        [status]:
          status === "204"
            ? { description: "No content" }
            : {
                description: "Success",
                content: { [endpoint.path.includes("export") ? "text/csv" : "application/json"]: { schema: endpoint.response ?? {} } },
              },
        "400": errorResponse,
        ...(endpoint.auth === "user" || endpoint.auth === "seller" ? { "401": errorResponse } : {}),
        ...(endpoint.auth === "seller" ? { "403": errorResponse } : {}),
        "404": errorResponse,
        ...(endpoint.body ? { "413": errorResponse } : {}),
        ...Object.fromEntries(
          Object.entries(endpoint.also ?? {}).map(([code, description]) => [
            code,
            code === "200" ? { description, content: { "application/json": { schema: {} } } } : { ...errorResponse, description },
          ]),
        ),
      },
      security: endpoint.auth === "user" || endpoint.auth === "seller" ? [{ session: [], csrf: [] }, { apiKey: [] }] : [],
    };
    paths[endpoint.path] = { ...(paths[endpoint.path] ?? {}), [endpoint.method]: operation };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "LiveCart API",
      version: "1.0.0",
      description:
        'JSON API of the platform. Unsafe calls with a session cookie send X-CSRFToken equal to the csrftoken cookie; calls with `Authorization: Bearer <API key>` need neither. Errors are {"message"} plus "errors" per field.',
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    paths,
    components: {
      schemas: {
        Live: LIVE_SCHEMA,
        LivePage: {
          type: "object",
          required: ["count", "next", "previous", "results"],
          properties: {
            count: { type: "integer" },
            next: { type: ["string", "null"], format: "uri" },
            previous: { type: ["string", "null"], format: "uri" },
            results: { type: "array", items: LIVE_REF },
          },
        },
        Error: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string" },
            errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
            request_id: { type: "string", description: "The request's id (also its X-Request-Id header), to quote to support" },
          },
        },
      },
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "sid" },
        csrf: { type: "apiKey", in: "header", name: "X-CSRFToken" },
        apiKey: { type: "http", scheme: "bearer", description: "An API key created on the account page (seller tab)." },
      },
    },
  };
}
