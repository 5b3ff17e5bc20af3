import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

// The root loader is imported for its type only, so this module (and every component using
// it) does not import root.tsx at run time: root.tsx renders those components.
export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data: site, user, CSRF token, URLs. Rendered pages always have it. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("Root loader data is missing");
  return data;
}
