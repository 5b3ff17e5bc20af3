import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { CheckCircleIcon, ClockIcon, XCircleIcon } from "~/components/ui/icons";

/** verified: green; under_review: amber; anything else: red (spec section 4). */
export function VerificationBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const label = t(`sellers.verification.${status}`, { defaultValue: status });
  if (status === "verified") {
    return (
      <Badge tone="success" data-testid="verification-badge" data-status={status}>
        <CheckCircleIcon className="size-3.5" />
        {label}
      </Badge>
    );
  }
  if (status === "under_review") {
    return (
      <Badge tone="warning" data-testid="verification-badge" data-status={status}>
        <ClockIcon className="size-3.5" />
        {label}
      </Badge>
    );
  }
  return (
    <Badge tone="danger" data-testid="verification-badge" data-status={status}>
      <XCircleIcon className="size-3.5" />
      {label}
    </Badge>
  );
}
