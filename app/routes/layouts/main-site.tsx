import { Outlet } from "react-router";
import type { Route } from "./+types/main-site";
import { assertSite } from "~/middleware/site.server";

/** Main-site-only paths: a 404 on a shop host. */
export function loader({ context }: Route.LoaderArgs) {
  assertSite(context, "main");
  return null;
}

export default function MainSiteLayout() {
  return <Outlet />;
}
