import { mainSiteUrl } from "~/config.server";
import { openApiDocument } from "./document.server";
import { apiResource } from "~/http/api.server";

/** GET /api/v1/openapi.json: the same document on every host (a shared cache keeps it), naming the configured address. */
const api = apiResource({
  GET() {
    return Response.json(openApiDocument(mainSiteUrl()), { headers: { "Cache-Control": "public, max-age=300" } });
  },
});

export const loader = api.loader;
export const action = api.action;
