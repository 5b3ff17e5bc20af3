import { Outlet } from "react-router";
import type { Route } from "./+types/shop-site";
import { assertSite } from "~/middleware/site.server";

/** Shop-only paths: a 404 on the main host. */
export function loader({ context }: Route.LoaderArgs) {
  assertSite(context, "shop");
  return null;
}

export default function ShopSiteLayout() {
  return <Outlet />;
}
