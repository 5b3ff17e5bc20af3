import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { SessionUser } from "~/domain/accounts/users.server";
import { NotFoundError } from "~/domain/errors.server";
import { editShippingSettings, getShippingSettings, type ShippingEdit } from "~/domain/shipping/shipping.server";
import { findShopOwnedBy } from "~/domain/shops/shops.server";
import { formRecordId, type IntentArgs, type IntentHandler } from "~/http/forms.server";
import { countryName } from "~/lib/countries";
import { centsToDecimalString } from "~/lib/money";
import { getI18nInstance } from "~/middleware/i18n.server";
import { newZoneFormSchema, pickupFormSchema, rateFormSchema, zoneFormSchema } from "~/schemas/shipping";

const TAB = "/account?section=shipping";

/** The Shipping tab's data: each zone (countries named in the reader's language) and rate as its form shows it. */
export async function shippingTabData(userId: number, language: string) {
  const shop = await findShopOwnedBy(userId);
  if (!shop) return null;
  const settings = await getShippingSettings(shop.id);
  return {
    zones: settings.zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      countries: zone.countries.join(", "),
      countryNames: zone.countries.map((code) => countryName(code, language)).join(", "),
      rates: zone.rates.map((rate) => ({
        id: rate.id,
        name: rate.name,
        price: centsToDecimalString(rate.priceCents),
        freeFrom: rate.freeFromCents === null ? "" : centsToDecimalString(rate.freeFromCents),
        delivery: rate.delivery,
      })),
    })),
    pickupAddress: settings.pickup?.address ?? "",
  };
}

async function sellerShopId(user: SessionUser): Promise<number> {
  const shop = await findShopOwnedBy(user.id);
  if (!shop) throw new NotFoundError("errors.not_found");
  return shop.id;
}

/** One of the tab's forms: the change it posts, saved through the domain's one rule, then back to the tab. */
function shippingEditAction(edit: (args: IntentArgs<SessionUser>) => ShippingEdit) {
  return {
    errors: "form" as const,
    handle: async (args) => {
      const shopId = await sellerShopId(args.guarded);
      await editShippingSettings(shopId, edit(args));
      setToast(args.context, { type: "success", message: getI18nInstance(args.context).t("shipping.tab.saved") });
      return redirect(TAB);
    },
  } satisfies IntentHandler<SessionUser>;
}

export const shippingActions = {
  "add-zone": shippingEditAction(({ parse }) => ({ kind: "add-zone", ...parse(newZoneFormSchema) })),
  "save-zone": shippingEditAction(({ parse }) => {
    const zone = parse(zoneFormSchema);
    return { kind: "save-zone", zoneId: zone.zoneId ?? 0, name: zone.name, countries: zone.countries };
  }),
  "delete-zone": shippingEditAction(({ formData }) => ({ kind: "delete-zone", zoneId: formRecordId(formData, "zone") })),
  "save-rate": shippingEditAction(({ parse }) => ({ kind: "save-rate", ...parse(rateFormSchema) })),
  "delete-rate": shippingEditAction(({ formData }) => ({
    kind: "delete-rate",
    zoneId: formRecordId(formData, "zone"),
    rateId: formRecordId(formData, "rate"),
  })),
  "save-pickup": shippingEditAction(({ parse }) => ({ kind: "pickup", pickup: parse(pickupFormSchema) })),
};

export type ShippingTabData = NonNullable<Awaited<ReturnType<typeof shippingTabData>>>;
