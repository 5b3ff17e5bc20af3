import { useTranslation } from "react-i18next";
import { MIN_TEXT_CONTRAST } from "~/lib/contrast";
import { intlLocale } from "~/lib/languages";
import type { ShopColors } from "~/lib/shop-colors";
import { shopContrastIssues } from "~/lib/shop-theme";

/**
 * Warns the seller when their text colour does not read on their background or banner
 * (the same rule the shop theme uses). The live region is always there so a screen reader
 * hears the warning appear while the seller types; without JavaScript it shows after a save.
 */
export function ContrastWarning({ colors, banner }: { colors: ShopColors; banner: boolean }) {
  const { t, i18n } = useTranslation();
  const issues = shopContrastIssues(colors, { banner });
  const format = (value: number) => new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 2 }).format(value);
  return (
    <div role="status" aria-live="polite">
      {issues.length > 0 ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900" data-testid="contrast-warning">
          <p className="font-semibold">{t("a11y.contrast.title")}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {issues.map((issue) => (
              <li key={issue.pair}>
                {t(`a11y.contrast.${issue.pair}`, { ratio: format(issue.ratio), minimum: format(MIN_TEXT_CONTRAST) })}
              </li>
            ))}
          </ul>
          <p className="mt-2">{t("a11y.contrast.hint")}</p>
        </div>
      ) : null}
    </div>
  );
}
