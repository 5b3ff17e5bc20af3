import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckoutFrame } from "~/components/checkout/checkout-frame";
import { ShippingForm } from "~/components/checkout/shipping-form";
import { SimulatedCardForm } from "~/components/checkout/simulated-card-form";
import { ShopBrand, shopHeaderClasses } from "~/components/shop/shop-header";
import { shopThemeStyle } from "~/components/shop/shop-shell";
import { cx } from "~/lib/class-names";
import { checkoutTheme, shopPalette } from "~/lib/shop-theme";
import { checkoutSchema } from "~/schemas/checkout";
import { formConstraint } from "~/schemas/form-constraint";
import { simulatedCardFormSchema } from "~/schemas/payments";

export type PreviewValues = {
  shopName: string;
  logoUrl: string | null;
  primary: string;
  secondary: string;
  background: string;
  text: string;
  bannerEn: string;
  bannerFr: string;
  minimumCents: number;
};

/**
 * A non-interactive PREVIEW of the shop header and the checkout (shipping or payment step),
 * drawn with the live checkout's own components and colour mapping.
 */
export function CustomizationPreview({ values }: { values: PreviewValues }) {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<"shipping" | "payment">("shipping");
  const banner = (i18n.language === "fr" ? values.bannerFr : values.bannerEn) || values.bannerEn;
  const colors = { primary: values.primary, secondary: values.secondary, background: values.background, text: values.text };
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
        className="shop-page overflow-hidden rounded-xl border-2 border-dashed border-slate-300"
        style={shopThemeStyle(shopPalette(colors))}
      >
        <div className={cx(shopHeaderClasses, "flex h-16 items-center gap-3 px-4")}>
          <ShopBrand logoUrl={values.logoUrl} name={values.shopName} nameTestId="preview-shop-name" />
        </div>
        <CheckoutFrame className="p-4" theme={checkoutTheme(colors)} colors={colors} bannerText={banner} step={step}>
          <div className="mt-6">
            {step === "shipping" ? (
              <ShippingForm
                minimumCents={values.minimumCents}
                productId={null}
                orderId={null}
                currency="EUR"
                constraint={formConstraint(checkoutSchema(values.minimumCents))}
              />
            ) : (
              <SimulatedCardForm
                orderId={0}
                amountCents={values.minimumCents}
                currency="EUR"
                error={null}
                constraint={formConstraint(simulatedCardFormSchema)}
              />
            )}
          </div>
        </CheckoutFrame>
      </div>
    </div>
  );
}
