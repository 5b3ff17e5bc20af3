import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckoutBanner } from "~/components/checkout/checkout-banner";
import { CheckoutStepper } from "~/components/checkout/stepper";
import { ShopLogo } from "~/components/shop/shop-logo";
import { cx } from "~/lib/class-names";

export type PreviewValues = {
  shopName: string;
  logoUrl: string | null;
  primary: string;
  secondary: string;
  background: string;
  text: string;
  bannerEn: string;
  bannerFr: string;
};

/** A non-interactive PREVIEW of the shop header and the checkout (shipping or payment step). */
export function CustomizationPreview({ values }: { values: PreviewValues }) {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<"shipping" | "payment">("shipping");
  const banner = (i18n.language === "fr" ? values.bannerFr : values.bannerEn) || values.bannerEn;
  const fieldLabels = step === "shipping" ? ["full_name", "email", "address", "city"] : ["card_number", "expiry", "cvc"];
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="text-xs font-bold tracking-widest text-slate-500">{t("customization.preview.label")}</p>
        <div className="flex gap-1" role="group" aria-label={t("customization.preview.step")}>
          {(["shipping", "payment"] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={step === s}
              onClick={() => setStep(s)}
              className={cx("rounded-md px-2 py-1 text-xs", step === s ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-700")}
            >
              {t(`checkout.step.${s}`)}
            </button>
          ))}
        </div>
      </div>
      <div
        inert
        aria-hidden="true"
        data-testid="customization-preview"
        className="overflow-hidden rounded-xl border-2 border-dashed border-slate-300"
        style={{ backgroundColor: values.background, color: values.text, ["--shop-primary" as string]: values.primary }}
      >
        <div className="flex items-center gap-3 border-b border-black/10 bg-white/90 px-4 py-3 text-slate-900">
          <ShopLogo logoUrl={values.logoUrl} name={values.shopName} className="size-8" />
          <span className="font-bold" data-testid="preview-shop-name">
            {values.shopName}
          </span>
        </div>
        <div className="space-y-4 p-4">
          <CheckoutStepper step={step} />
          <CheckoutBanner text={banner} primaryColor={values.primary} textColor={values.text} />
          <div className="grid gap-3 sm:grid-cols-2">
            {fieldLabels.map((field) => (
              <div key={field}>
                <p className="mb-1 text-xs font-medium">{t(`checkout.fields.${field}`)}</p>
                <div className="h-8 rounded-md border border-black/15 bg-white" />
              </div>
            ))}
          </div>
          <div className="h-10 rounded-lg" style={{ backgroundColor: values.primary }} />
          <div className="h-2 w-1/3 rounded" style={{ backgroundColor: values.secondary }} />
        </div>
      </div>
    </div>
  );
}
