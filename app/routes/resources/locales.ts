import type { Route } from "./+types/locales";
import { isLanguage } from "~/lib/i18n";
import { localesVersion, resources } from "~/lib/translations.server";

/** GET /locales/{lng}/{ns}.json: the translations as an object of keys to text. */
export function loader({ params, request }: Route.LoaderArgs) {
  const { lng, ns } = params;
  if (!isLanguage(lng) || ns !== "translation") {
    return Response.json({ message: "Not found" }, { status: 404 });
  }
  const versioned = new URL(request.url).searchParams.get("v") === localesVersion;
  return Response.json(resources[lng].translation, {
    headers: {
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
