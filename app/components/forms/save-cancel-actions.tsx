import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";

/**
 * Save and Cancel for an edit form. Cancel is a link back to the read-only view, so it
 * works without JavaScript and drops whatever was typed.
 */
export function SaveCancelActions({ pending, submitLabel, cancelHref }: { pending: boolean; submitLabel?: string; cancelHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      <Button type="submit" pending={pending} pendingLabel={t("common.saving")}>
        {submitLabel ?? t("common.save")}
      </Button>
      <Link to={cancelHref} replace preventScrollReset className={buttonClasses("outline")}>
        {t("common.cancel")}
      </Link>
    </div>
  );
}
