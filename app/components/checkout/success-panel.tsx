import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { CheckCircleIcon } from "~/components/ui/icons";
import { toast } from "~/components/ui/toasts";

/** Paid: "Payment successful!", then the confirmation page after 2 s. */
export function SuccessPanel({ orderId, number }: { orderId: number; number: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    toast.success(t("checkout.payment_successful"));
    const timer = setTimeout(() => void navigate(`/order-confirmation/${orderId}`), 2000);
    return () => clearTimeout(timer);
  }, [orderId, navigate, t]);
  return (
    <section
      className="rounded-xl border border-green-200 bg-green-50 p-8 text-center text-green-900"
      data-testid="checkout-success"
      aria-live="polite"
    >
      <CheckCircleIcon className="mx-auto size-12 text-green-600" />
      <h2 className="mt-4 text-2xl font-bold">{t("checkout.payment_successful")}</h2>
      <p className="mt-2">{t("checkout.success.body", { number })}</p>
      <Link to={`/order-confirmation/${orderId}`} className={buttonClasses("primary", "md", "mt-6")}>
        {t("checkout.success.view_order")}
      </Link>
      {/* Without JavaScript the browser itself moves on after the same 2 s. */}
      <noscript
        dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="2;url=/order-confirmation/${Number(orderId)}">` }}
      />
    </section>
  );
}
