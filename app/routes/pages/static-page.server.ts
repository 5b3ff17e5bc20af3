import type { RouterContextProvider } from "react-router";
import { getConfig } from "~/config.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { mainPageMeta, type PageType } from "~/routes/page-meta.server";

/** Loader data of a public main-site page: its metadata and the support address. */
export function staticPageData(request: Request, context: Readonly<RouterContextProvider>, page: PageType) {
  return {
    meta: mainPageMeta(getI18nInstance(context).t, page, new URL(request.url)),
    supportEmail: getConfig().SUPPORT_EMAIL,
  };
}
