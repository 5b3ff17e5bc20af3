import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useActionData } from "react-router";
import type { Route } from "./+types/bag";
import { useBagFetcher, type BagFetcherData } from "~/components/bag/add-to-bag";
import { CsrfInput } from "~/components/forms/csrf-input";
import { StockBadge } from "~/components/stock/stock-label";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { ImageIcon } from "~/components/ui/icons";
import { useFocusWhenLost } from "~/components/ui/use-focus-when-lost";
import type { BagLine } from "~/domain/bag/bag.server";
import { formatMoney } from "~/lib/money";
import { orderItemName } from "~/lib/order-item-name";
import { MAX_ITEM_QUANTITY } from "~/lib/order-total";
import { metaDescriptors } from "~/lib/page-meta";
import { bagAction, bagPageData } from "./bag.server";

export const loader = (args: Route.LoaderArgs) => bagPageData(args);
export const action = (args: Route.ActionArgs) => bagAction(args);
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

/**
 * `/bag`: the shopper's bag in this shop. Change a quantity, remove a line, confirm prices
 * that changed; then check out the whole bag (`/?bag=1`, the checkout's three steps). Every
 * form works without JavaScript (plain posts, back here) and with it (fetchers, no reload).
 */
export default function BagPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { bag, currency } = loaderData;
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  // A refusal of a plain post (no JavaScript): the page again, with the error.
  const refused = useActionData<BagFetcherData>();
  const problems = bag.lines.some((l) => l.problem !== null);
  // A refused quantity of a line still in the bag is said at that line, with what was typed.
  const lineRefusal =
    refused && "error" in refused && refused.line !== undefined && bag.lines.some((l) => String(l.id) === refused.line) ? refused : null;
  // A line removed takes its focused Remove button with it: the focus comes to the bag's heading.
  const heading = useFocusWhenLost<HTMLHeadingElement>(bag.lines.length);
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        {t("bag.title")}
      </h1>
      {refused && "error" in refused && !lineRefusal ? (
        <div className="mt-4" data-testid="bag-error">
          <Alert tone="danger">{refused.error}</Alert>
        </div>
      ) : null}
      {bag.lines.length === 0 ? (
        <div
          className="mt-6 rounded-xl border border-dashed border-black/15 bg-white p-8 text-center text-slate-700"
          data-testid="bag-empty"
        >
          <p className="text-lg font-semibold">{t("bag.empty_title")}</p>
          <p className="mt-1 text-sm text-slate-600">{t("bag.empty_body")}</p>
          <Link to="/products" className={buttonClasses("outline", "md", "mt-4")}>
            {t("bag.browse")}
          </Link>
        </div>
      ) : (
        <>
          {bag.priceChanged ? <PricesChanged /> : null}
          {problems ? (
            <div className="mt-4" data-testid="bag-problems">
              <Alert tone="warning" title={t("bag.problems_title")}>
                {t("bag.problems_body")}
              </Alert>
            </div>
          ) : null}
          <ul className="mt-6 divide-y divide-black/10 rounded-xl border border-black/10 bg-white text-slate-900" data-testid="bag-lines">
            {bag.lines.map((line) => (
              <BagLineRow
                key={line.id}
                line={line}
                money={money}
                refused={lineRefusal?.line === String(line.id) ? { error: lineRefusal.error, quantity: lineRefusal.quantity ?? "" } : null}
              />
            ))}
          </ul>
          <div className="mt-4 flex items-center justify-between gap-3 text-lg">
            <span className="font-semibold">{t("bag.subtotal")}</span>
            <span className="font-bold" data-testid="bag-subtotal">
              {money(bag.subtotalCents)}
            </span>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Link to="/products" className={buttonClasses("outline", "lg")}>
              {t("bag.keep_shopping")}
            </Link>
            {bag.ready ? (
              <Link
                to="/?bag=1"
                className="inline-flex h-12 items-center justify-center rounded-lg px-6 text-base font-medium"
                style={{ backgroundColor: "var(--shop-primary)", color: "var(--shop-on-primary)" }}
                data-testid="bag-checkout"
              >
                {t("bag.checkout")}
              </Link>
            ) : (
              <span className={buttonClasses("outline", "lg", "opacity-60")} aria-disabled="true" data-testid="bag-checkout-blocked">
                {t("bag.checkout")}
              </span>
            )}
          </div>
          <p className="mt-4 text-sm text-slate-600">{t("bag.kept_note")}</p>
        </>
      )}
    </div>
  );
}

function PricesChanged() {
  const { t } = useTranslation();
  const { fetcher, stay, error, pending } = useBagFetcher("bag.prices_confirmed");
  return (
    <div className="mt-4" data-testid="bag-prices-changed">
      <Alert tone="warning" title={t("bag.prices_changed_title")}>
        <p>{t("bag.prices_changed_body")}</p>
        <fetcher.Form method="post" action="/bag" className="mt-3">
          <CsrfInput />
          <input type="hidden" name="intent" value="confirm-prices" />
          {stay}
          <button type="submit" disabled={pending} className={buttonClasses("outline", "md")} data-testid="bag-confirm-prices">
            {t("bag.confirm_prices")}
          </button>
        </fetcher.Form>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </Alert>
    </div>
  );
}

function BagLineRow({
  line,
  money,
  refused,
}: {
  line: BagLine;
  money: (cents: number) => string;
  /** A plain post's refused quantity for this line (no JavaScript): its error and what was typed. */
  refused: { error: string; quantity: string } | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const name = orderItemName({ name: line.name, variantName: line.variantName || null });
  const quantityForm = useBagFetcher("bag.updated");
  const removeForm = useBagFetcher("bag.removed");
  const error = quantityForm.error ?? removeForm.error ?? refused?.error ?? null;
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start"
      data-testid="bag-line"
      aria-busy={quantityForm.pending || removeForm.pending}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-slate-100">
          {line.imageUrl ? (
            <img src={line.imageUrl} alt="" className="size-full object-cover" />
          ) : (
            <ImageIcon className="m-auto mt-4 size-8 text-slate-400" />
          )}
        </div>
        <div className="min-w-0">
          <p className="font-medium break-words" data-testid="bag-line-name">
            {name}
          </p>
          <p className="text-sm text-slate-600">{t("bag.unit_price", { price: money(line.priceCents) })}</p>
          {line.priceCents !== line.currentPriceCents ? (
            <p className="text-sm font-medium text-amber-800" data-testid="bag-line-price-changed">
              {t("bag.price_changed", { old: money(line.priceCents), new: money(line.currentPriceCents) })}
            </p>
          ) : null}
          <LineProblem line={line} />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-2 sm:justify-end">
        <quantityForm.fetcher.Form method="post" action="/bag" className="flex items-end gap-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="line" value={line.id} />
          {quantityForm.stay}
          <div>
            <label htmlFor={`${id}-quantity`} className="sr-only">
              {t("bag.quantity_of", { name })}
            </label>
            <input
              id={`${id}-quantity`}
              name="quantity"
              type="number"
              min={0}
              max={MAX_ITEM_QUANTITY}
              step={1}
              required
              inputMode="numeric"
              defaultValue={refused ? refused.quantity : line.quantity}
              key={line.quantity}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="block h-9 w-20 rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
              data-testid="bag-line-quantity"
            />
          </div>
          <button
            type="submit"
            className={buttonClasses("outline", "sm", "h-9")}
            aria-label={t("bag.update_named", { name })}
            data-testid="bag-line-update"
          >
            {t("bag.update")}
          </button>
        </quantityForm.fetcher.Form>
        <removeForm.fetcher.Form method="post" action="/bag">
          <CsrfInput />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="line" value={line.id} />
          {removeForm.stay}
          <button
            type="submit"
            className={buttonClasses("ghost", "sm", "h-9")}
            aria-label={t("bag.remove_named", { name })}
            data-testid="bag-line-remove"
          >
            {t("bag.remove")}
          </button>
        </removeForm.fetcher.Form>
        <p className="w-24 text-right font-semibold" data-testid="bag-line-total">
          {money(line.priceCents * line.quantity)}
        </p>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 sm:basis-full" data-testid="bag-line-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

function LineProblem({ line }: { line: BagLine }) {
  const { t } = useTranslation();
  if (!line.problem) return null;
  if (line.problem.kind === "unavailable") return <Badge tone="neutral">{t("bag.line_unavailable")}</Badge>;
  if (line.problem.kind === "sold_out") return <StockBadge label={{ kind: "sold_out" }} />;
  return (
    <p className="text-sm font-medium text-amber-800" data-testid="bag-line-short">
      {t("bag.line_not_enough", { count: line.problem.left })}
    </p>
  );
}
