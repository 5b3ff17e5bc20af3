import { useNavigation } from "react-router";

/**
 * Whether the page's form posting `intent` is on its way: while its action runs, and with
 * `throughReload` also while the page loads what the action led to (a step that moves on).
 */
export function useIntentPending(intent: string, { throughReload = false }: { throughReload?: boolean } = {}): boolean {
  const navigation = useNavigation();
  // A navigation carries form data only from its submission until the page it leads to is loaded.
  if (navigation.formData?.get("intent") !== intent) return false;
  return throughReload || navigation.state === "submitting";
}
