import { notFoundPage } from "~/http/guards.server";
import { parsePathId } from "~/lib/path-id";

/** The live's id in `/dashboard/lives/{id}...`; anything else is the 404 page. */
export function liveIdParam(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw notFoundPage();
  return id;
}
