import { notFoundPage } from "~/http/guards.server";

/** Any unknown path: the app's own 404 page (keeps the i18n and site context). */
export function loader() {
  throw notFoundPage();
}

export default function NotFound() {
  return null;
}
