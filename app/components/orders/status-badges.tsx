import { useTranslation } from "react-i18next";
import { Badge, type BadgeTone } from "~/components/ui/badge";

const ORDER_TONES: Record<string, BadgeTone> = {
  pending: "neutral",
  processing: "info",
  shipped: "brand",
  delivered: "success",
  cancelled: "danger",
};
const PAYMENT_TONES: Record<string, BadgeTone> = {
  succeeded: "success",
  failed: "danger",
  canceled: "danger",
  refunded: "warning",
  requires_action: "warning",
  requires_payment_method: "warning",
  processing: "info",
  pending: "neutral",
};

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={ORDER_TONES[status] ?? "neutral"}>{t(`orders.status.${status}`)}</Badge>;
}

export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={PAYMENT_TONES[status] ?? "neutral"}>{t(`orders.payment_status.${status}`)}</Badge>;
}
