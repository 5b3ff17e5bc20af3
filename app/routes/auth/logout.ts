import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/logout";
import { getI18nInstance } from "~/middleware/i18n.server";
import { endSession } from "~/middleware/session.server";

/** POST /logout: ends the session, toasts, then the home page. */
export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await endSession(request, context);
  setToast(context, { type: "success", message: getI18nInstance(context).t("auth.logout.success") });
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
