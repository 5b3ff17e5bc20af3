import { CSRF_FIELD } from "~/lib/csrf";
import { useRootData } from "~/components/site/root-data";

/**
 * The CSRF token every form posts (checked by the CSRF middleware). A public shop page has
 * none: a form posted from it is proven by the browser's own headers.
 */
export function CsrfInput() {
  const { csrfToken } = useRootData();
  return csrfToken ? <input type="hidden" name={CSRF_FIELD} value={csrfToken} /> : null;
}
