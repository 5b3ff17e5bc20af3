import { data } from "react-router";

/** Any unknown path: the app's own 404 page (keeps the i18n and site context). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
