import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert";
import { useInstantFormat } from "~/components/ui/local-time";

/** A waitlist offer's link: its unit is this shopper's until the offer ends. */
export function OfferNote({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const formatInstant = useInstantFormat();
  return (
    <div className="mb-6" data-testid="offer-held">
      <Alert tone="success">
        {/* Node's and the browser's ICU may space a time differently: the text is the browser's right after hydration. */}
        <span suppressHydrationWarning>{t("stock_shop.offer.held", { time: formatInstant(expiresAt, "time") })}</span>
      </Alert>
    </div>
  );
}
