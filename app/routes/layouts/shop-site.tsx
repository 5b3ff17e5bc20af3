import { Outlet } from "react-router";
import type { Route } from "./+types/shop-site";
import { siteOnlyMiddleware } from "~/middleware/site.server";

/** Shop-only paths: a 404 on the main host. */
export const middleware: Route.MiddlewareFunction[] = [siteOnlyMiddleware("shop")];

export default function ShopSiteLayout() {
  return <Outlet />;
}
