import { Outlet } from "react-router";
import type { Route } from "./+types/main-site";
import { siteOnlyMiddleware } from "~/middleware/site.server";

/** Main-site-only paths: a 404 on a shop host. */
export const middleware: Route.MiddlewareFunction[] = [siteOnlyMiddleware("main")];

export default function MainSiteLayout() {
  return <Outlet />;
}
