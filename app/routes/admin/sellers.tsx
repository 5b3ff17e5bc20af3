import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/sellers";
import { CsrfInput } from "~/components/forms/csrf-input";
import { inputClasses } from "~/components/forms/fields";
import { VerificationBadge } from "~/components/sellers/verification-badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useInstantFormat } from "~/components/ui/local-time";
import type { DomainError } from "~/domain/errors.server";
import { approveSeller, listSellersForReview, rejectSeller } from "~/domain/sellers/approval.server";
import { REVIEW_FILTERS, type ReviewFilter } from "~/schemas/sellers";
import { cx } from "~/lib/class-names";
import { translateMessage } from "~/lib/messages";
import { getI18nInstance } from "~/middleware/i18n.server";
import { formAction, formRecordId } from "~/http/forms.server";
import type { IntentArgs } from "~/http/forms.server";
import { requireStaffPage } from "~/http/guards.server";

/** Staff only; anyone else gets a 404 (the page's existence is not revealed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaffPage(context);
  const requested = new URL(request.url).searchParams.get("status");
  const filter: ReviewFilter = REVIEW_FILTERS.includes(requested as ReviewFilter) ? (requested as ReviewFilter) : "under_review";
  const t = getI18nInstance(context).t;
  return { filter, sellers: await listSellersForReview(filter), meta: { title: t("admin.sellers.title") } };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.meta.title }, { name: "robots", content: "noindex" }];

/** The review's answer: back to the same filter with a toast. */
function reviewed({ context, formData }: IntentArgs<unknown>, messageKey: string) {
  setToast(context, { type: "success", message: getI18nInstance(context).t(messageKey) });
  return redirect(`/admin/sellers?status=${encodeURIComponent(String(formData.get("filter") ?? "under_review"))}`);
}

/** A refused review shows next to the seller it was about. */
function reviewFailed(error: DomainError, { context, formData }: IntentArgs<unknown>) {
  const message = translateMessage(getI18nInstance(context).t, error.messageKey, error.values);
  return data({ userId: formRecordId(formData, "userId"), error: message }, { status: error.status });
}

export const action = formAction(({ context }) => requireStaffPage(context))({
  approve: {
    errors: reviewFailed,
    handle: async (args) => {
      await approveSeller(formRecordId(args.formData, "userId"));
      return reviewed(args, "admin.sellers.approved");
    },
  },
  reject: {
    errors: reviewFailed,
    handle: async (args) => {
      await rejectSeller(formRecordId(args.formData, "userId"), String(args.formData.get("reason") ?? ""));
      return reviewed(args, "admin.sellers.rejected");
    },
  },
});

export default function AdminSellers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const formatInstant = useInstantFormat();
  const { filter, sellers } = loaderData;
  const navigation = useNavigation();
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("admin.sellers.title")}</h1>
      <nav aria-label={t("admin.sellers.filters")} className="mt-6 flex flex-wrap gap-2">
        {REVIEW_FILTERS.map((status) => (
          <Link
            key={status}
            to={`?status=${status}`}
            aria-current={status === filter ? "page" : undefined}
            className={cx(
              "rounded-full border px-3 py-1 text-sm",
              status === filter ? "border-brand-500 bg-brand-50 text-brand-700" : "border-border text-slate-600",
            )}
          >
            {t(`admin.sellers.filter.${status}`)}
          </Link>
        ))}
      </nav>
      {sellers.length === 0 ? (
        <p className="mt-8 text-slate-600">{t("admin.sellers.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {sellers.map((seller) => {
            const busy = navigation.state !== "idle" && navigation.formData?.get("userId") === String(seller.userId);
            return (
              <li key={seller.userId}>
                <Card className="p-5" data-testid="admin-seller" data-email={seller.email}>
                  <div className="flex flex-wrap items-start justify-between gap-4">
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <h2 className="font-semibold">{seller.businessName}</h2>
                        <VerificationBadge status={seller.status} />
                      </div>
                      <p className="text-sm text-slate-600">
                        {seller.name} · {seller.email}
                      </p>
                      <p className="text-sm text-slate-600">
                        {t("admin.sellers.details", {
                          subdomain: seller.subdomain ?? "—",
                          siret: seller.siret || "—",
                          date: formatInstant(seller.registeredAt, "date"),
                        })}
                      </p>
                      <p className="mt-1 text-xs text-slate-500">
                        {t("onboarding.progress", {
                          completed: seller.onboarding.filter((s) => s.completed).length,
                          total: seller.onboarding.length,
                        })}
                      </p>
                      {seller.status === "rejected" ? (
                        <p className="mt-1 text-sm text-red-700">
                          {seller.rejectionReason || t("sellers.verification.default_rejection_reason")}
                        </p>
                      ) : null}
                    </div>
                    <div className="flex flex-col gap-3 sm:w-80">
                      {seller.status !== "verified" ? (
                        <Form method="post">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="approve" />
                          <input type="hidden" name="userId" value={seller.userId} />
                          <input type="hidden" name="filter" value={filter} />
                          <Button type="submit" pending={busy && navigation.formData?.get("intent") === "approve"} className="w-full">
                            {t("admin.sellers.approve")}
                          </Button>
                        </Form>
                      ) : null}
                      {seller.status !== "rejected" ? (
                        <Form method="post" className="space-y-2">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="reject" />
                          <input type="hidden" name="userId" value={seller.userId} />
                          <input type="hidden" name="filter" value={filter} />
                          <label htmlFor={`reason-${seller.userId}`} className="block text-sm font-medium">
                            {t("admin.sellers.reason")}
                          </label>
                          <textarea
                            id={`reason-${seller.userId}`}
                            name="reason"
                            rows={2}
                            required
                            minLength={3}
                            maxLength={500}
                            className={inputClasses}
                          />
                          {actionData && actionData.userId === seller.userId ? (
                            <p role="alert" className="text-sm text-red-700">
                              {actionData.error}
                            </p>
                          ) : null}
                          <Button
                            type="submit"
                            variant="danger"
                            pending={busy && navigation.formData?.get("intent") === "reject"}
                            className="w-full"
                          >
                            {t("admin.sellers.reject")}
                          </Button>
                        </Form>
                      ) : null}
                    </div>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
