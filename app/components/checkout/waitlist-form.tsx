import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useFetcher } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldLabel } from "~/components/forms/fields";
import { buttonClasses } from "~/components/ui/button";

/** What the page's action answers to the form (`waitlistIntent`). */
export type WaitlistResult =
  | { joined: true; email: string }
  /** Refused: what was sent comes back, so that a page without JavaScript shows it again. */
  | { joined: false; error: string; sent?: { email: string; variant: string } };

/**
 * "Tell me when it is back" (issue 27): an email and the consent text, posted to the page's
 * own action (the checkout's or a live's link), with JavaScript without leaving the page,
 * without it as a plain form whose answer is the page with the result. `variants`: the
 * sold-out variants of a product with options (a choice when there are several); none for a
 * product without options.
 */
export function WaitlistForm({
  productId,
  variants,
  chosenVariantId,
}: {
  productId: number;
  variants: { id: number; name: string }[];
  chosenVariantId: number | null;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ waitlist?: WaitlistResult }>();
  const actionData = useActionData<{ waitlist?: WaitlistResult }>();
  const result = fetcher.data?.waitlist ?? actionData?.waitlist ?? null;
  const id = useId();
  const pending = fetcher.state !== "idle";
  const joined = useRef<HTMLParagraphElement>(null);
  const joinedHere = fetcher.data?.waitlist?.joined === true;
  useEffect(() => {
    // The answer replaces the form and its focused button: the focus moves to the answer, not the page's top.
    if (joinedHere) joined.current?.focus();
  }, [joinedHere]);
  if (result?.joined) {
    return (
      <p
        ref={joined}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900 outline-none"
        data-testid="waitlist-joined"
      >
        {t("stock_shop.waitlist.joined", { email: result.email })}
      </p>
    );
  }
  const sent = result && !result.joined ? result.sent : undefined;
  const chosen =
    variants.find((v) => String(v.id) === sent?.variant)?.id ?? variants.find((v) => v.id === chosenVariantId)?.id ?? variants[0]?.id;
  return (
    <fetcher.Form method="post" className="space-y-3" aria-labelledby={`${id}-title`} data-testid="waitlist-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="waitlist" />
      <input type="hidden" name="product" value={productId} />
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t("stock_shop.waitlist.title")}
      </h2>
      {variants.length > 1 ? (
        <div>
          <FieldLabel htmlFor={`${id}-variant`} required>
            {t("stock_shop.waitlist.variant")}
          </FieldLabel>
          <select
            id={`${id}-variant`}
            name="variant"
            defaultValue={chosen}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
          >
            {variants.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
        </div>
      ) : chosen !== undefined ? (
        <input type="hidden" name="variant" value={chosen} />
      ) : null}
      <div>
        <FieldLabel htmlFor={`${id}-email`} required>
          {t("stock_shop.waitlist.email")}
        </FieldLabel>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          defaultValue={sent?.email}
          aria-describedby={result && !result.joined ? `${id}-consent ${id}-error` : `${id}-consent`}
          aria-invalid={result && !result.joined ? true : undefined}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500"
        />
        <p id={`${id}-consent`} className="mt-1 text-xs opacity-80">
          {t("stock_shop.waitlist.consent")}
        </p>
      </div>
      {result && !result.joined ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700" data-testid="waitlist-error">
          {result.error}
        </p>
      ) : null}
      <button type="submit" className={buttonClasses("outline", "md")} aria-disabled={pending || undefined}>
        {pending ? t("stock_shop.waitlist.submitting") : t("stock_shop.waitlist.submit")}
      </button>
    </fetcher.Form>
  );
}
