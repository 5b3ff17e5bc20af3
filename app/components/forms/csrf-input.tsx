import { CSRF_FIELD } from "~/lib/csrf";
import { useRootData } from "~/components/site/root-data";

/** The CSRF token every form posts (checked by the CSRF middleware). */
export function CsrfInput() {
  const { csrfToken } = useRootData();
  return <input type="hidden" name={CSRF_FIELD} value={csrfToken} />;
}
