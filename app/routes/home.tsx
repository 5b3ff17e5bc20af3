import { redirect } from "react-router";
import type { Route } from "./+types/home";
import { Landing } from "~/components/marketing/landing";
import { landingPageData } from "~/domain/marketing/landing.server";
import { metaDescriptors } from "~/lib/page-meta";
import { siteContext } from "~/middleware/site.server";

/** `/` is the landing page on the main site and the checkout on a shop. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.get(siteContext).kind === "shop") {
    // The checkout arrives with the storefront; until then the catalogue is the shop's home.
    throw redirect(`/products${url.search}`);
  }
  return landingPageData(url, context);
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export default function Home({ loaderData }: Route.ComponentProps) {
  return <Landing attemptedSubdomain={loaderData.attemptedSubdomain} />;
}
