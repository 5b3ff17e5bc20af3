import { useTranslation } from "react-i18next";
import { useCopyToClipboard } from "~/components/ui/use-copy-to-clipboard";
import { CheckIcon, CopyIcon, ExternalLinkIcon, StoreIcon } from "~/components/ui/icons";

/** Shown once onboarding is complete: the shop's address, to open or to copy. */
export function ShopLiveCard({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopyToClipboard(url, "shop URL");

  return (
    <section
      className="rounded-xl bg-gradient-to-r from-brand-700 to-fuchsia-800 p-6 text-white shadow-sm"
      data-testid="shop-live-card"
      aria-labelledby="shop-live-title"
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <StoreIcon className="size-8" />
          <div>
            <h2 id="shop-live-title" className="text-lg font-semibold">
              {t("dashboard.shop_live.title", { name })}
            </h2>
            <p className="text-sm break-all text-white/90" data-testid="shop-live-url">
              {url}
            </p>
          </div>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => void copy()}
            className="inline-flex h-8 items-center gap-2 rounded-lg border border-white/40 bg-white/10 px-3 text-sm font-medium text-white hover:bg-white/20"
          >
            {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
            <span aria-live="polite">{copied ? t("dashboard.shop_live.copied") : t("dashboard.shop_live.copy")}</span>
          </button>
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex h-8 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-900 hover:bg-white/90"
          >
            <ExternalLinkIcon className="size-4" />
            {t("dashboard.shop_live.open")}
          </a>
        </div>
      </div>
    </section>
  );
}
