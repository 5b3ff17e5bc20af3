import { openApiDocument } from "./document.server";
import { apiResource } from "~/http/api.server";

/** GET /api/v1/openapi.json */
const api = apiResource({
  GET({ request }) {
    return Response.json(openApiDocument(new URL(request.url).origin), { headers: { "Cache-Control": "public, max-age=300" } });
  },
});

export const loader = api.loader;
export const action = api.action;
