import type { RouterContextProvider } from "react-router";
import { getToast, setToast } from "remix-toast/middleware";

/**
 * A plain post's refusal (no JavaScript) carried back to the page the form was on, to be said
 * at that form with what was chosen: `form` names the form ("add-to-bag"), `values` what it
 * sent. It travels in the toast's flash cookie (remix-toast, read once by the next page) as an
 * error toast that the page's form shows instead of the toast region.
 */
export type FormRefusal = { form: string; message: string; values: Record<string, string> };

/** Carries the refusal to the next page the browser loads (the action then redirects there). */
export function refuseAtForm(context: Readonly<RouterContextProvider>, refusal: FormRefusal): void {
  setToast(context, { type: "error", message: refusal.message, form: refusal.form, values: refusal.values });
}

/**
 * The request's toast, told apart: a refusal carried to its form (`refuseAtForm`), or a toast
 * to show as one.
 */
export function requestToast(context: Readonly<RouterContextProvider>) {
  const toast = getToast(context) ?? null;
  const form = toast?.form;
  const values = toast?.values;
  if (typeof form !== "string") return { toast, formRefusal: null };
  const strings =
    values !== null && typeof values === "object"
      ? Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
      : {};
  return { toast: null, formRefusal: { form, message: toast!.message, values: strings } satisfies FormRefusal };
}
