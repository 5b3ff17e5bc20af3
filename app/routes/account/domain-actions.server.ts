import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import { shopBaseUrl } from "~/config.server";
import type { SessionUser } from "~/domain/accounts/users.server";
import {
  addShopDomain,
  domainRecords,
  listShopDomains,
  MAX_DOMAINS_PER_SHOP,
  removeShopDomain,
  setPrimaryDomain,
  verifyShopDomain,
} from "~/domain/domains/domains.server";
import { NotFoundError } from "~/domain/errors.server";
import { findShopOwnedBy } from "~/domain/shops/shops.server";
import type { Shop } from "~db/schema";
import { formRecordId, type IntentArgs, type IntentHandler } from "~/http/forms.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { domainAddSchema } from "~/schemas/domains";

const TAB = "/account?section=domain";

/** The Domain tab's data: each domain with its status, what the last check found and the two records to create. */
export async function domainTabData(userId: number, now = new Date()) {
  const shop = await findShopOwnedBy(userId);
  if (!shop) return null;
  const domains = shop.isLive ? await listShopDomains(shop.id) : [];
  return {
    live: shop.isLive,
    address: shopBaseUrl({ subdomain: shop.subdomain, primaryDomain: null }),
    maximum: MAX_DOMAINS_PER_SHOP,
    domains: domains.map((row) => ({
      id: row.id,
      domain: row.domain,
      status: row.status,
      primary: row.isPrimary,
      problem: row.problem,
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      checkUntil: row.checkUntil.toISOString(),
      checking: row.status === "pending" && row.checkUntil > now,
      ...domainRecords(row),
    })),
  };
}

async function sellerShop(user: SessionUser) {
  const shop = await findShopOwnedBy(user.id);
  if (!shop) throw new NotFoundError("errors.not_found");
  return shop;
}

/** One of the tab's buttons on a listed domain: the domain function, a toast saying what happened, back to the tab. */
function domainButton(change: (shop: Shop, domainId: number, args: IntentArgs<SessionUser>) => Promise<string>) {
  return {
    errors: "toast" as const,
    handle: async (args) => {
      const shop = await sellerShop(args.guarded);
      const message = await change(shop, formRecordId(args.formData, "domain_id"), args);
      setToast(args.context, { type: "success", message });
      return redirect(TAB);
    },
  } satisfies IntentHandler<SessionUser>;
}

export const domainActions = {
  "add-domain": {
    errors: "form" as const,
    handle: async (args) => {
      const shop = await sellerShop(args.guarded);
      await addShopDomain(shop, args.parse(domainAddSchema).domain);
      setToast(args.context, { type: "success", message: getI18nInstance(args.context).t("domains.tab.added") });
      return redirect(TAB);
    },
  } satisfies IntentHandler<SessionUser>,
  "check-domain": domainButton(async (shop, domainId, { context }) => {
    const row = await verifyShopDomain(shop.id, domainId);
    return getI18nInstance(context).t("domains.tab.verified_toast", { domain: row.domain });
  }),
  "primary-domain": domainButton(async (shop, domainId, { context }) => {
    const row = await setPrimaryDomain(shop.id, domainId, true);
    return getI18nInstance(context).t("domains.tab.primary_toast", { domain: row.domain });
  }),
  "unset-primary-domain": domainButton(async (shop, domainId, { context }) => {
    await setPrimaryDomain(shop.id, domainId, false);
    return getI18nInstance(context).t("domains.tab.unset_primary_toast", {
      address: shopBaseUrl({ subdomain: shop.subdomain, primaryDomain: null }),
    });
  }),
  "remove-domain": domainButton(async (shop, domainId, { context }) => {
    const rows = await listShopDomains(shop.id);
    await removeShopDomain(shop.id, domainId);
    const domain = rows.find((row) => row.id === domainId)?.domain ?? "";
    return getI18nInstance(context).t("domains.tab.removed_toast", { domain });
  }),
};

export type DomainTabData = NonNullable<Awaited<ReturnType<typeof domainTabData>>>;
