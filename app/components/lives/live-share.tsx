import { useTranslation } from "react-i18next";
import { useCopyToClipboard } from "~/components/ui/use-copy-to-clipboard";
import { Link } from "react-router";
import { inputClasses } from "~/components/forms/fields";
import { useHydrated } from "~/components/hydrated";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckIcon, CopyIcon } from "~/components/ui/icons";

/**
 * The live's link (a read-only field: selectable without JavaScript; a copy button with it)
 * and its QR code, rendered on the server, with a view that shows it alone.
 */
export function LiveShare({ url, qrSvg, liveId }: { url: string; qrSvg: string; liveId: number }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { copied, copy } = useCopyToClipboard(url, "live link");

  return (
    <Card data-testid="live-share">
      <CardHeader>
        <CardTitle>{t("lives.board.share.title")}</CardTitle>
        <p className="text-sm text-slate-600">{t("lives.board.share.hint")}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <label htmlFor="live-url" className="mb-1 block text-sm font-medium">
            {t("lives.board.share.link")}
          </label>
          <div className="flex gap-2">
            <input
              id="live-url"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClasses} min-w-0 flex-1 font-mono`}
              data-testid="live-url"
            />
            {hydrated ? (
              <Button type="button" variant="outline" onClick={() => void copy()}>
                {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
                <span aria-live="polite">{copied ? t("lives.board.share.copied") : t("lives.board.share.copy")}</span>
              </Button>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
          <div
            role="img"
            aria-label={t("lives.board.share.qr_label", { url })}
            className="aspect-square w-full max-w-64 rounded-lg border border-border bg-white p-1 [&>svg]:size-full"
            data-testid="live-qr"
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <div className="flex flex-col gap-2">
            <Link to={`/dashboard/lives/${liveId}?qr=1`} className={buttonClasses("primary")}>
              {t("lives.board.share.full_screen")}
            </Link>
            <a href={url} target="_blank" rel="noreferrer" className={buttonClasses("outline")}>
              {t("lives.board.share.open")}
            </a>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
