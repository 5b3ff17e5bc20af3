import { NotFoundError } from "~/domain/errors.server";
import { apiResource } from "~/http/api.server";

/** Unknown /api/v1 paths answer a JSON 404 whatever the method. */
const notFound = () => {
  throw new NotFoundError("errors.api_not_found");
};
const api = apiResource({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound });

export const loader = api.loader;
export const action = api.action;
