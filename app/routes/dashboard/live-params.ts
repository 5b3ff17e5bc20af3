import { data } from "react-router";
import { parsePathId } from "~/lib/path-id";

/** The live's id in `/dashboard/lives/{id}...`; anything else is the 404 page. */
export function liveIdParam(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw data(null, { status: 404 });
  return id;
}
