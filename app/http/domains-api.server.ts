import { NotFoundError } from "~/domain/errors.server";
import { parsePathId } from "~/lib/path-id";

/** The domain id of a /customer/shop/domains/{id}/ path: anything but a plain id is the same 404 as another shop's domain. */
export function domainPathId(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw new NotFoundError("domains.errors.not_found");
  return id;
}
