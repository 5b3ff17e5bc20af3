import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useLocation } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { useHydrated } from "~/components/hydrated";
import { useRootData } from "~/components/site/root-data";
import { toast } from "~/components/ui/toasts";
import { cx } from "~/lib/class-names";
import { MAX_ITEM_QUANTITY } from "~/lib/order-total";

/** What the bag's action answers a fetcher: the change made (and the new count), or the error in place. */
export type BagFetcherData =
  | { intent: string; done: true; count: number }
  /** `line` and `quantity`: a refused quantity, with the line it is about and what was typed. */
  | { intent: string; error: string; line?: string; quantity?: string };

/**
 * The bag's forms post with this: through a fetcher once the page runs (no reload, the page's
 * data and the header's count revalidated), as a plain form before (the bag's page then).
 * `stay` tells the action that an answer in place is wanted.
 */
export function useBagFetcher(successMessage: string) {
  const fetcher = useFetcher<BagFetcherData>();
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const data = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (data && "done" in data) toast.success(t(successMessage));
  }, [data, successMessage, t]);
  const stay = hydrated ? <input type="hidden" name="stay" value="1" /> : null;
  return { fetcher, stay, error: data && "error" in data ? data.error : null, pending: fetcher.state !== "idle" };
}

/**
 * A refused "Add to bag" of this product posted without JavaScript: the bag's action sent the
 * browser back to the form's page (`returnTo`) with the error and the quantity typed.
 */
export function useAddToBagRefusal(productId: number): { message: string; quantity: string } | null {
  const refusal = useRootData().formRefusal;
  if (refusal?.form !== "add-to-bag" || refusal.values.product !== String(productId)) return null;
  return { message: refusal.message, quantity: refusal.values.quantity ?? "" };
}

/** Where a refused add brings the browser back: the form on its page. */
const addToBagAnchor = (productId: number) => `add-to-bag-${productId}`;

/**
 * A refused add whose form the page no longer shows (the product sold out meanwhile, or its
 * option gone): said where the form was.
 */
export function AddToBagRefusal({ productId }: { productId: number }) {
  const refused = useAddToBagRefusal(productId);
  if (!refused) return null;
  return (
    <p id={addToBagAnchor(productId)} role="alert" className="mb-4 text-sm text-red-700" data-testid="add-to-bag-error">
      {refused.message}
    </p>
  );
}

/**
 * "Add to bag" (catalogue card, product, live's pinned product): the product, its variant
 * when it has options, and a quantity (a field when `withQuantity`, else 1). Posts to `/bag`;
 * without JavaScript a refusal comes back to this page (`returnTo`), said here.
 */
export function AddToBagForm({
  productId,
  productName,
  variantId = null,
  withQuantity = false,
  liveCode,
  className,
}: {
  productId: number;
  productName: string;
  variantId?: number | null;
  withQuantity?: boolean;
  /** On a live's page: the live the bag is filled from (its checkout is that live's order). */
  liveCode?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { fetcher, stay, error: answered, pending } = useBagFetcher("bag.added");
  const refused = useAddToBagRefusal(productId);
  // The fetcher's answer once the shopper adds again; until then the plain post's refusal.
  const error = answered ?? (fetcher.data ? null : (refused?.message ?? null));
  const { pathname, search } = useLocation();
  return (
    <fetcher.Form
      method="post"
      action="/bag"
      id={addToBagAnchor(productId)}
      className={cx("flex flex-wrap items-end gap-2", className)}
      data-testid="add-to-bag"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="returnTo" value={`${pathname}${search}#${addToBagAnchor(productId)}`} />
      <input type="hidden" name="product" value={productId} />
      {variantId ? <input type="hidden" name="variant" value={variantId} /> : null}
      {liveCode ? <input type="hidden" name="live" value={liveCode} /> : null}
      {stay}
      {withQuantity ? (
        <div>
          <label htmlFor={`${id}-quantity`} className="mb-1 block text-sm font-medium">
            {t("bag.quantity")}
          </label>
          <input
            id={`${id}-quantity`}
            name="quantity"
            type="number"
            min={1}
            max={MAX_ITEM_QUANTITY}
            step={1}
            defaultValue={refused?.quantity || 1}
            inputMode="numeric"
            aria-describedby={error ? `${id}-error` : undefined}
            className="block h-9 w-20 rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
            data-testid="add-to-bag-quantity"
          />
        </div>
      ) : null}
      {/* aria-disabled, not disabled: a disabled button loses the focus, which would fall to the page's top. */}
      <button
        type="submit"
        aria-disabled={pending || undefined}
        onClick={(event) => {
          // One add per press: a second press while the first posts would add the product twice.
          if (pending) event.preventDefault();
        }}
        className="inline-flex h-9 items-center justify-center rounded-lg border border-black/15 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 aria-disabled:opacity-60"
        aria-label={t("bag.add_product", { name: productName })}
      >
        {pending ? t("bag.adding") : t("bag.add")}
      </button>
      {error ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700" data-testid="add-to-bag-error">
          {error}
        </p>
      ) : null}
      {fetcher.data && "done" in fetcher.data ? (
        <Link to="/bag" className="w-full text-sm font-medium underline" data-testid="add-to-bag-view">
          {t("bag.view")}
        </Link>
      ) : null}
    </fetcher.Form>
  );
}
