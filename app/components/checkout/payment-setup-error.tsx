import { useTranslation } from "react-i18next";
import { AlertTriangleIcon } from "~/components/ui/icons";

/** The shop cannot take payments yet: say so, offer a retry (reload) and a contact. */
export function PaymentSetupError({ contactEmail, message }: { contactEmail: string; message?: string }) {
  const { t } = useTranslation();
  return (
    <section role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900" data-testid="payment-setup-error">
      <AlertTriangleIcon className="size-8 text-red-600" />
      <h2 className="mt-3 text-lg font-semibold">{t("checkout.setup_error.title")}</h2>
      <p className="mt-1 text-sm">{message ?? t("checkout.setup_error.message")}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {/* A plain link to this address: a full reload, with or without JavaScript. */}
        <a href="" className="inline-flex h-10 items-center rounded-lg bg-red-700 px-4 text-sm font-medium text-white hover:bg-red-800">
          {t("checkout.setup_error.retry")}
        </a>
        <a
          href={`mailto:${contactEmail}`}
          className="inline-flex h-10 items-center rounded-lg border border-red-300 px-4 text-sm font-medium hover:bg-red-100"
        >
          {t("checkout.setup_error.contact")}
        </a>
      </div>
    </section>
  );
}
