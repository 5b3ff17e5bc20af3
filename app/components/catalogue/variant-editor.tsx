import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { FieldErrors, inputClasses } from "~/components/forms/fields";
import { useHydrated } from "~/components/hydrated";
import { Button } from "~/components/ui/button";
import { MAX_PRODUCT_OPTIONS, type ProductOption } from "~/lib/stock-kinds";
import { optionCombinations, optionKey, splitOptionValues, VARIANT_LIMITS } from "~/lib/variant-options";

/** A stored variant as the editor shows it (stock `null`: not counted). */
export type EditorVariant = {
  id: number;
  key: string;
  stock: number | null;
  reserved: number;
  available: number | null;
  price: string;
  sku: string;
};

/** The product's options (values as typed: "S, M, L") and variants, or its one variant without options. */
export type StockEditorData = {
  productId: number | null;
  options: { name: string; values: string }[];
  variants: EditorVariant[];
  single: EditorVariant | null;
};

type OptionSlot = { name: string; values: string };
type Typed = { stock?: string; price?: string; sku?: string };
type Refused = { variant: string; message: string; set: string | null } | null;

const NOT_COUNTED = "none";
const stockFormId = (kind: "adjust" | "set", variantId: number) => `stock-${kind}-${variantId}`;
const fetcherKey = (variantId: number) => `product-stock-${variantId}`;

/** What a refused save sent back (no JavaScript: the page shows it again as typed). */
function sentBack(lastResult: SubmissionResult<string[]> | null | undefined) {
  const value = (lastResult?.initialValue ?? {}) as { options?: unknown; variants?: unknown; stock?: unknown };
  const list = (items: unknown) => (Array.isArray(items) ? (items as Record<string, unknown>[]).map((item) => item ?? {}) : []);
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    sent: lastResult?.initialValue !== undefined,
    options: list(value.options)
      .map((o) => ({ name: str(o.name) ?? "", values: str(o.values) ?? "" }))
      .filter((o) => o.name || o.values),
    rows: new Map(
      list(value.variants).map((v) => [str(v.key) ?? "", { stock: str(v.stock), price: str(v.price), sku: str(v.sku) } satisfies Typed]),
    ),
    stock: str(value.stock),
  };
}

/** The options as the grid reads them: named slots with values (the server checks the rest). */
function usableOptions(slots: OptionSlot[]): ProductOption[] {
  const seen = new Set<string>();
  const options: ProductOption[] = [];
  for (const slot of slots) {
    const name = slot.name.trim();
    const values = splitOptionValues(slot.values);
    if (!name || values.length === 0 || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    options.push({ name, values });
  }
  return options;
}

/**
 * The product editor's stock: one "Stock" field for a product without options; else its
 * options (name + values, up to three) and the grid of the variants they make, one card per
 * combination (stock, price, SKU). With JavaScript the grid follows the options as they are
 * typed; without it, "Update the variants" shows the new grid first. A stored variant whose
 * stock is counted has quick -/+ and "Set to" buttons that post at once (a fetcher; a plain
 * form post without JavaScript), through forms outside the product form (`StockForms`).
 */
export function VariantEditor({
  data,
  lastResult,
  refused,
  productPrice,
}: {
  data: StockEditorData;
  lastResult?: SubmissionResult<string[]> | null;
  refused: Refused;
  productPrice: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const back = sentBack(lastResult);
  const [slots, setSlots] = useState<OptionSlot[]>(() => (back.sent ? back.options : data.options));
  const errors = lastResult?.error ?? {};
  const options = usableOptions(slots);
  const combinations = optionCombinations(options);
  const stored = new Map(data.variants.map((v) => [v.key, v]));
  // Without JavaScript one more empty slot is there to fill; with it, "Add an option".
  const shownSlots = !hydrated && slots.length < MAX_PRODUCT_OPTIONS ? [...slots, { name: "", values: "" }] : slots;
  const setSlot = (index: number, change: Partial<OptionSlot>) =>
    setSlots(shownSlots.map((slot, i) => (i === index ? { ...slot, ...change } : slot)));

  return (
    <div className="space-y-5">
      {combinations.length === 0 ? (
        <SingleStock
          variant={data.single}
          productId={data.productId}
          typed={back.sent ? back.stock : undefined}
          errors={errors.stock ?? undefined}
          refused={refused}
        />
      ) : null}
      <fieldset className="space-y-3" data-testid="product-options">
        <legend className="text-sm font-semibold text-slate-900">{t("variants.editor.options_title")}</legend>
        <p id="product-options-hint" className="text-xs text-slate-600">
          {t("variants.editor.options_hint", { max: MAX_PRODUCT_OPTIONS })}
        </p>
        <FieldErrors id="product-variants-errors" errors={errors.variants ?? undefined} />
        {shownSlots.map((slot, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
            <div>
              <label htmlFor={`option-${index}-name`} className="mb-1 block text-sm font-medium text-slate-800">
                {t("variants.editor.option_name", { number: index + 1 })}
              </label>
              <input
                id={`option-${index}-name`}
                name={`options[${index}].name`}
                value={slot.name}
                onChange={(event) => setSlot(index, { name: event.target.value })}
                maxLength={VARIANT_LIMITS.optionName}
                placeholder={t("variants.editor.option_name_placeholder")}
                aria-invalid={errors[`options.${index}.name`] ? true : undefined}
                aria-describedby={errors[`options.${index}.name`] ? `option-${index}-name-errors` : undefined}
                className={inputClasses}
              />
              <FieldErrors id={`option-${index}-name-errors`} errors={errors[`options.${index}.name`] ?? undefined} />
            </div>
            <div>
              <label htmlFor={`option-${index}-values`} className="mb-1 block text-sm font-medium text-slate-800">
                {t("variants.editor.option_values", { number: index + 1 })}
              </label>
              <input
                id={`option-${index}-values`}
                name={`options[${index}].values`}
                value={slot.values}
                onChange={(event) => setSlot(index, { values: event.target.value })}
                placeholder={t("variants.editor.option_values_placeholder")}
                aria-invalid={errors[`options.${index}.values`] ? true : undefined}
                aria-describedby={`product-options-hint${errors[`options.${index}.values`] ? ` option-${index}-values-errors` : ""}`}
                className={inputClasses}
              />
              <FieldErrors id={`option-${index}-values-errors`} errors={errors[`options.${index}.values`] ?? undefined} />
            </div>
            {hydrated ? (
              <Button variant="ghost" size="sm" className="sm:mt-6" onClick={() => setSlots(slots.filter((_, i) => i !== index))}>
                {t("variants.editor.remove_option", { number: index + 1 })}
              </Button>
            ) : null}
          </div>
        ))}
        {hydrated && slots.length < MAX_PRODUCT_OPTIONS ? (
          <Button variant="outline" size="sm" onClick={() => setSlots([...slots, { name: "", values: "" }])}>
            {t("variants.editor.add_option")}
          </Button>
        ) : null}
        {!hydrated ? (
          // Without JavaScript: posts the form to show the grid the options make (nothing saved).
          <Button type="submit" name="preview" value="1" formNoValidate variant="outline" size="sm">
            {t("variants.editor.update_grid")}
          </Button>
        ) : null}
      </fieldset>
      {combinations.length > 0 ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-900">
            {t("variants.editor.variants_title", { count: combinations.length })}
          </legend>
          <ul className="space-y-3" data-testid="variant-grid">
            {combinations.map((combination, index) => {
              const key = optionKey(combination);
              const variant = stored.get(key);
              return (
                <VariantCard
                  key={key}
                  index={index}
                  rowKey={key}
                  name={options.map((o) => combination[o.name]).join(" / ")}
                  variant={variant}
                  typed={back.rows.get(key)}
                  errors={errors}
                  productId={data.productId}
                  productPrice={productPrice}
                  refused={refused}
                />
              );
            })}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}

/** The stock field of a product without options ("" = not counted), with its quick buttons once counted. */
function SingleStock({
  variant,
  productId,
  typed,
  errors,
  refused,
}: {
  variant: EditorVariant | null;
  productId: number | null;
  typed: string | undefined;
  errors: string[] | undefined;
  refused: Refused;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="product-stock">
      <label htmlFor="product-stock" className="mb-1 block text-sm font-medium text-slate-800">
        {t("variants.editor.stock")}
      </label>
      {variant ? <input type="hidden" name="stock_was" value={variant.stock === null ? NOT_COUNTED : String(variant.stock)} /> : null}
      <StockInput
        id="product-stock"
        name="stock"
        stored={variant?.stock ?? null}
        typed={typed}
        errors={errors}
        hintId="product-stock-hint"
      />
      <p id="product-stock-hint" className="mt-1 text-xs text-slate-600">
        {t("variants.editor.stock_hint")}
      </p>
      <FieldErrors id="product-stock-errors" errors={errors} />
      {variant && productId !== null && variant.stock !== null ? (
        <StockQuick variant={variant} name={t("variants.editor.this_product")} withVariant={false} refused={refused} />
      ) : null}
    </div>
  );
}

function StockInput({
  id,
  name,
  stored,
  typed,
  errors,
  hintId,
}: {
  id: string;
  name: string;
  stored: number | null;
  typed: string | undefined;
  errors: string[] | undefined;
  hintId?: string;
}) {
  return (
    <input
      // A new stored stock (a quick change, a sale) shows at once, replacing what was there.
      key={`${id}:${stored ?? NOT_COUNTED}`}
      id={id}
      name={name}
      type="number"
      min={0}
      max={VARIANT_LIMITS.stock}
      step={1}
      inputMode="numeric"
      defaultValue={typed ?? (stored === null ? "" : String(stored))}
      aria-invalid={errors?.length ? true : undefined}
      aria-describedby={[hintId, errors?.length ? `${id}-errors` : null].filter(Boolean).join(" ") || undefined}
      className={inputClasses}
    />
  );
}

function VariantCard({
  index,
  rowKey,
  name,
  variant,
  typed,
  errors,
  productId,
  productPrice,
  refused,
}: {
  index: number;
  rowKey: string;
  name: string;
  variant: EditorVariant | undefined;
  typed: Typed | undefined;
  errors: Record<string, string[] | null>;
  productId: number | null;
  productPrice: string;
  refused: Refused;
}) {
  const { t } = useTranslation();
  const field = (part: string) => `variants[${index}].${part}`;
  const id = (part: string) => `variant-${index}-${part}`;
  const errorsOf = (part: string) => errors[`variants.${index}.${part}`] ?? undefined;
  return (
    <li>
      <fieldset className="rounded-lg border border-border bg-slate-50/60 p-3" data-testid="variant-card">
        <legend className="px-1 text-sm font-semibold text-slate-900">{name}</legend>
        <input type="hidden" name={field("key")} value={rowKey} />
        {variant ? (
          <input type="hidden" name={field("stock_was")} value={variant.stock === null ? NOT_COUNTED : String(variant.stock)} />
        ) : null}
        <FieldErrors id={id("options-errors")} errors={errorsOf("options")} />
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor={id("stock")} className="mb-1 block text-sm font-medium text-slate-800">
              {t("variants.editor.stock")}
            </label>
            <StockInput
              id={id("stock")}
              name={field("stock")}
              stored={variant?.stock ?? null}
              typed={typed?.stock}
              errors={errorsOf("stock")}
            />
            <FieldErrors id={`${id("stock")}-errors`} errors={errorsOf("stock")} />
          </div>
          <div>
            <label htmlFor={id("price")} className="mb-1 block text-sm font-medium text-slate-800">
              {t("variants.editor.price")}
            </label>
            <input
              id={id("price")}
              name={field("price")}
              inputMode="decimal"
              pattern="\d{1,9}([.,]\d{0,2})?"
              defaultValue={typed?.price ?? variant?.price ?? ""}
              placeholder={productPrice}
              aria-invalid={errorsOf("price") ? true : undefined}
              aria-describedby={errorsOf("price") ? `${id("price")}-errors` : undefined}
              className={inputClasses}
            />
            <FieldErrors id={`${id("price")}-errors`} errors={errorsOf("price")} />
          </div>
          <div>
            <label htmlFor={id("sku")} className="mb-1 block text-sm font-medium text-slate-800">
              {t("variants.editor.sku")}
            </label>
            <input
              id={id("sku")}
              name={field("sku")}
              maxLength={VARIANT_LIMITS.sku}
              defaultValue={typed?.sku ?? variant?.sku ?? ""}
              aria-invalid={errorsOf("sku") ? true : undefined}
              className={inputClasses}
            />
            <FieldErrors id={`${id("sku")}-errors`} errors={errorsOf("sku")} />
          </div>
        </div>
        {variant && productId !== null && variant.stock !== null ? (
          <StockQuick variant={variant} name={name} withVariant refused={refused} />
        ) : null}
      </fieldset>
    </li>
  );
}

/**
 * A counted variant's figures and quick changes: "-", "+" and "Set to", each a button of one
 * of the variant's stock forms (outside the product form, through the `form` attribute).
 */
function StockQuick({
  variant,
  name,
  withVariant,
  refused,
}: {
  variant: EditorVariant;
  name: string;
  withVariant: boolean;
  refused: Refused;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ stockError?: { message: string } }>({ key: fetcherKey(variant.id) });
  const busy = fetcher.state !== "idle";
  const sentVariant = withVariant ? String(variant.id) : "";
  // With JavaScript the fetcher's answer; without, the page's (when it is about this variant).
  const pageRefusal = refused && refused.variant === sentVariant ? refused : null;
  const error = fetcher.data?.stockError?.message ?? pageRefusal?.message;
  const setId = `stock-set-input-${variant.id}`;
  const errorId = `stock-error-${variant.id}`;
  return (
    <div className="mt-3 space-y-2" data-testid="stock-quick">
      <p className="text-xs text-slate-600" aria-live="polite">
        {t("variants.editor.figures", { available: variant.available ?? 0, held: variant.reserved })}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Button
          type="submit"
          form={stockFormId("adjust", variant.id)}
          name="adjust"
          value="-1"
          variant="outline"
          size="sm"
          className="w-10"
          aria-label={t("variants.editor.remove_one", { name })}
          disabled={busy || variant.stock === 0}
        >
          −
        </Button>
        <Button
          type="submit"
          form={stockFormId("adjust", variant.id)}
          name="adjust"
          value="1"
          variant="outline"
          size="sm"
          className="w-10"
          aria-label={t("variants.editor.add_one", { name })}
          disabled={busy}
        >
          +
        </Button>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={setId} className="mb-1 block text-xs font-medium text-slate-700">
              {t("variants.editor.set_to")}
            </label>
            <input
              id={setId}
              form={stockFormId("set", variant.id)}
              name="set"
              type="number"
              min={0}
              max={VARIANT_LIMITS.stock}
              step={1}
              required
              inputMode="numeric"
              defaultValue={pageRefusal?.set ?? undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              aria-label={t("variants.editor.set_label", { name })}
              className={`${inputClasses} h-8 w-24 py-1`}
            />
          </div>
          <Button
            type="submit"
            form={stockFormId("set", variant.id)}
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label={t("variants.editor.set_named", { name })}
          >
            {t("variants.editor.set")}
          </Button>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The stock forms of the counted variants, outside the product form (forms cannot nest): their
 * buttons and "Set to" fields sit in the variants' cards and name these forms by id.
 */
export function StockForms({ data }: { data: StockEditorData }) {
  if (data.productId === null) return null;
  const counted = [...data.variants, ...(data.single ? [data.single] : [])].filter((v) => v.stock !== null);
  return (
    <>
      {counted.map((variant) => (
        <VariantStockForms
          key={variant.id}
          productId={data.productId!}
          variantId={variant.id}
          withVariant={data.single?.id !== variant.id}
        />
      ))}
    </>
  );
}

function VariantStockForms({ productId, variantId, withVariant }: { productId: number; variantId: number; withVariant: boolean }) {
  const fetcher = useFetcher({ key: fetcherKey(variantId) });
  const action = `/dashboard/products/${productId}`;
  const hidden = (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value="stock" />
      {withVariant ? <input type="hidden" name="variant" value={variantId} /> : null}
    </>
  );
  return (
    <>
      <fetcher.Form method="post" action={action} id={stockFormId("adjust", variantId)} preventScrollReset hidden>
        {hidden}
      </fetcher.Form>
      <fetcher.Form method="post" action={action} id={stockFormId("set", variantId)} preventScrollReset hidden>
        {hidden}
      </fetcher.Form>
    </>
  );
}
