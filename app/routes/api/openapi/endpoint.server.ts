import type { z } from "zod";

/** One operation of /api/v1 as the OpenAPI document describes it (document.server.ts builds the rest). */
export type Endpoint = {
  path: string;
  method: "get" | "post" | "put" | "patch" | "delete";
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

/** A tag's endpoints (one file per tag), each given the tag. */
export function tagged(tag: string, endpoints: Omit<Endpoint, "tag">[]): Endpoint[] {
  return endpoints.map((endpoint) => ({ ...endpoint, tag }));
}

/** A page of a list as every list endpoint answers it: `{count, next, previous, results}`. */
export function paginated(items: object) {
  return {
    type: "object",
    required: ["count", "next", "previous", "results"],
    properties: {
      count: { type: "integer" },
      next: { type: ["string", "null"], format: "uri" },
      previous: { type: ["string", "null"], format: "uri" },
      results: { type: "array", items },
    },
  };
}
