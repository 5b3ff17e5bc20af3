import { z } from "zod";
import { accountEndpoints } from "./account.server";
import { catalogueEndpoints } from "./catalogue.server";
import { claimsEndpoints } from "./claims.server";
import { components, errorResponse } from "./components.server";
import { domainEndpoints } from "./domains.server";
import { tagged, type Endpoint } from "./endpoint.server";
import { livesEndpoints } from "./lives.server";
import { ordersEndpoints } from "./orders.server";
import { paymentsEndpoints } from "./payments.server";
import { registrationEndpoints } from "./registration.server";
import { sellersEndpoints } from "./sellers.server";
import { shopEndpoints } from "./shop.server";
import { tlsCheckEndpoints } from "./tls-check.server";
import { waitlistEndpoints } from "./waitlist.server";

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the same zod schemas the endpoints
 * validate with (so the document cannot drift from the validation). Each tag's endpoints
 * are in a file of their own next to this one; the shared components in components.server.ts.
 */
const endpoints: Endpoint[] = [
  ...accountEndpoints,
  ...sellersEndpoints,
  ...registrationEndpoints,
  ...shopEndpoints,
  ...domainEndpoints,
  ...paymentsEndpoints,
  ...catalogueEndpoints,
  ...waitlistEndpoints,
  ...ordersEndpoints,
  ...livesEndpoints,
  ...claimsEndpoints,
  ...tlsCheckEndpoints,
  ...tagged("Meta", [{ path: "/openapi.json", method: "get", auth: "none", summary: "This document." }]),
];

const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;

/** `post` + `/shop/orders/{id}/` -> `postShopOrdersId`. */
const operationId = (endpoint: Endpoint) =>
  `${endpoint.method}${endpoint.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;

function operation(endpoint: Endpoint) {
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
  const signedIn = endpoint.auth === "user" || endpoint.auth === "seller";
  return {
    operationId: operationId(endpoint),
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
      ...(signedIn ? { "401": errorResponse } : {}),
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
    security: signedIn ? [{ session: [], csrf: [] }, { apiKey: [] }] : [],
  };
}

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    paths[endpoint.path] = { ...(paths[endpoint.path] ?? {}), [endpoint.method]: operation(endpoint) };
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
    components,
  };
}
