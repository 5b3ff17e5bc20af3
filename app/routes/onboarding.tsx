import type { Route } from "./+types/onboarding";
import { Landing } from "~/components/marketing/landing";
import { metaDescriptors } from "~/lib/page-meta";
import { landingPageData } from "~/routes/landing.server";

/** `/onboarding` shows the landing screen (spec section 2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return landingPageData(new URL(request.url), context);
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export default function Onboarding({ loaderData }: Route.ComponentProps) {
  return <Landing attemptedSubdomain={loaderData.attemptedSubdomain} />;
}
