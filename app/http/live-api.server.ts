import { NotFoundError } from "~/domain/errors.server";
import { parsePathId } from "~/lib/path-id";

/** The live id of an /api/v1/shop/lives/{id}/ path: anything but a plain id is the same 404 as another shop's live. */
export function livePathId(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw new NotFoundError("lives.not_found");
  return id;
}
