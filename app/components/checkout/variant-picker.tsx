import { useTranslation } from "react-i18next";
import { Form, useLocation, useSubmit } from "react-router";
import { stockLabelText } from "~/components/stock/stock-label";
import { buttonClasses } from "~/components/ui/button";
import { cx } from "~/lib/class-names";
import type { StockLabel } from "~/lib/stock-label";

export type PickerVariant = { id: number; options: Record<string, string>; name: string; label: StockLabel; buyable: boolean };
export type PickerChoice = { options: { name: string; values: string[] }[]; variants: PickerVariant[]; picked: (string | null)[] };

/**
 * What a value of an option can be: the variant it makes with the values picked for the
 * other options (when they all are), and whether any variant with it can still be bought.
 */
function valueState(choice: PickerChoice, index: number, value: string) {
  const { options, variants, picked } = choice;
  const name = options[index]!.name;
  const withValue = variants.filter((v) => v.options[name] === value);
  const othersPicked = options.every((_, i) => i === index || picked[i] !== null);
  const variant = othersPicked
    ? withValue.find((v) => options.every((option, i) => i === index || v.options[option.name] === picked[i]))
    : undefined;
  // Shown but not pickable when nothing with this value can be bought (a sold-out size).
  const disabled = !withValue.some((v) => v.buyable);
  const label: StockLabel = disabled ? { kind: "sold_out" } : (variant?.label ?? null);
  return { disabled, label, missing: othersPicked && !variant };
}

/**
 * The options of a product with variants (issue 27): a radio group per option, a sold-out
 * value shown but disabled with "Sold out", "Only 2 left" beside a low one. It is a GET form
 * of the page itself (`o0`..`o2`, one per option): with JavaScript a pick reloads the page's
 * data at once; without it, "Choose" does. The page then knows the variant (its price, its
 * stock) and the shipping form posts it.
 */
export function VariantPicker({ productId, choice }: { productId: number; choice: PickerChoice }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const { pathname } = useLocation();
  return (
    <Form
      method="get"
      action={pathname}
      replace
      preventScrollReset
      // A new pick from the server (another link) resets the radios to it.
      key={choice.picked.join("\u0000")}
      className="mb-6 space-y-4 rounded-xl border border-black/10 bg-white p-4 text-slate-900"
      data-testid="variant-picker"
    >
      <input type="hidden" name="product_id" value={productId} />
      {choice.options.map((option, index) => (
        <fieldset key={option.name}>
          <legend className="text-sm font-semibold">{option.name}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {option.values.map((value) => {
              const state = valueState(choice, index, value);
              const label = state.missing && !state.label ? t("stock_shop.picker.unavailable") : stockLabelText(t, state.label);
              return (
                <label
                  key={value}
                  className={cx(
                    "flex min-h-10 items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-slate-900 has-[:checked]:ring-1 has-[:checked]:ring-slate-900",
                    state.disabled ? "cursor-not-allowed bg-slate-50 text-slate-600" : "cursor-pointer",
                  )}
                  data-testid="variant-value"
                >
                  <input
                    type="radio"
                    name={`o${index}`}
                    value={value}
                    defaultChecked={choice.picked[index] === value}
                    disabled={state.disabled}
                    onChange={(event) => void submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
                    className="size-4"
                  />
                  <span className="font-medium">{value}</span>
                  {label ? (
                    <span className={state.label?.kind === "low" ? "text-xs font-semibold text-amber-800" : "text-xs"}>{label}</span>
                  ) : null}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {/* Without JavaScript "Choose" sends the pick; with it a pick is enough. Not rendered and
          then taken away at hydration: the page below would move up as it starts to run, and a
          tap meant for "Add to bag" would land on the picker. */}
      <noscript>
        <button type="submit" className={buttonClasses("outline", "md")}>
          {t("stock_shop.picker.choose")}
        </button>
      </noscript>
    </Form>
  );
}
