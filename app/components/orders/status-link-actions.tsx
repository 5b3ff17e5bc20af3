import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { Button } from "~/components/ui/button";

/**
 * The seller's control over the order's status link (the private link in the order mails):
 * revoke every link sent so far and mail the shopper a new one.
 */
export function StatusLinkActions({ orderId, number }: { orderId: number; number: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const action = `/orders/${orderId}/status-link`;
  const returnTo = location.pathname.startsWith("/orders/") ? `/orders/${orderId}` : location.pathname + location.search;
  const headingId = `status-link-${orderId}`;
  return (
    <section aria-labelledby={headingId} data-testid="status-link-actions">
      <h3 id={headingId} className="font-semibold">
        {t("shopper_access.revoke.title")}
      </h3>
      <p className="mt-1 text-slate-600">{t("shopper_access.revoke.explanation")}</p>
      <Form method="post" action={action} className="mt-2">
        <CsrfInput />
        <input type="hidden" name="returnTo" value={returnTo} />
        <Button type="submit" variant="outline" size="sm" pending={navigation.state !== "idle" && navigation.formAction === action}>
          {t("shopper_access.revoke.submit", { number })}
        </Button>
      </Form>
    </section>
  );
}
