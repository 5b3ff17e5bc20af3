import type { SubmissionResult } from "@conform-to/react";
import { useIntentPending } from "~/components/forms/use-intent-pending";
import { useDeferredValidatedForm } from "~/components/forms/use-deferred-validated-form";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CsrfInput } from "~/components/forms/csrf-input";
import { TextField } from "~/components/forms/fields";
import { Badge } from "~/components/ui/badge";
import { LockIcon } from "~/components/ui/icons";
import { caretAfterDigits, formatCardNumber, formatExpiry } from "~/lib/card-format";
import { formatMoney } from "~/lib/money";
import type { FormConstraint } from "~/schemas/form-constraint";
import type { SimulatedCardInput, SimulatedCardValues } from "~/schemas/payments";
import { CheckoutSubmit } from "./checkout-submit";

/** The built-in provider's card form (test mode): posts to the checkout, no JavaScript needed. */
export function SimulatedCardForm({
  orderId,
  amountCents,
  currency,
  lastResult,
  error,
  constraint,
}: {
  /** The form's native constraints (`formConstraint(simulatedCardFormSchema)`). */
  constraint: FormConstraint;
  orderId: number;
  amountCents: number;
  currency: string;
  lastResult?: SubmissionResult<string[]> | null;
  error: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useDeferredValidatedForm<SimulatedCardInput, SimulatedCardValues>(
    "simulated-card",
    () => import("./checkout-validation").then(({ cardValidator }) => cardValidator),
    { constraint, lastResult },
  );
  const pending = useIntentPending("pay-card", { throughReload: true });
  return (
    <Form method="post" {...form.props} className="space-y-4" data-testid="card-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="pay-card" />
      <input type="hidden" name="order" value={orderId} />
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t("checkout.payment.title")}</h2>
        <Badge tone="warning">{t("payments.test_mode")}</Badge>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-testid="card-error">
          {error}
        </p>
      ) : null}
      <TextField
        field={fields.card_number}
        label={t("checkout.fields.card_number")}
        inputProps={{
          autoComplete: "cc-number",
          inputMode: "numeric",
          placeholder: "4242 4242 4242 4242",
          onChange: (event) => reformat(event, formatCardNumber),
        }}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          field={fields.expiry}
          label={t("checkout.fields.expiry")}
          inputProps={{
            autoComplete: "cc-exp",
            inputMode: "numeric",
            placeholder: t("checkout.payment.expiry_placeholder"),
            onChange: (event) => reformat(event, (value) => formatExpiry(value, isTypingForward(event))),
          }}
        />
        <TextField
          field={fields.cvc}
          label={t("checkout.fields.cvc")}
          inputProps={{ autoComplete: "cc-csc", inputMode: "numeric", placeholder: "123" }}
        />
      </div>
      <details className="text-xs opacity-80">
        <summary className="cursor-pointer underline">{t("checkout.payment.test_cards")}</summary>
        <ul className="mt-2 space-y-1 font-mono">
          <li>4242 4242 4242 4242 · {t("checkout.payment.test_success")}</li>
          <li>4000 0000 0000 0002 · {t("checkout.payment.test_declined")}</li>
          <li>4000 0025 0000 3155 · {t("checkout.payment.test_authentication")}</li>
        </ul>
      </details>
      <CheckoutSubmit pending={pending} pendingLabel={t("checkout.payment.processing")}>
        <LockIcon className="size-4" />
        {t("checkout.payment.pay", { amount: formatMoney(amountCents, currency, i18n.language) })}
      </CheckoutSubmit>
    </Form>
  );
}

const isTypingForward = (event: React.ChangeEvent<HTMLInputElement>) =>
  (event.nativeEvent as InputEvent).inputType?.startsWith("insert") ?? false;

/** Rewrites the typed value in its display format (4242 4242…, 12/30), keeping the caret after the same digit. */
function reformat(event: React.ChangeEvent<HTMLInputElement>, format: (value: string) => string) {
  const input = event.currentTarget;
  const caret = input.selectionStart ?? input.value.length;
  const digitsBefore = input.value.slice(0, caret).replace(/\D/g, "").length;
  const atEnd = caret === input.value.length;
  const formatted = format(input.value);
  if (formatted === input.value) return;
  input.value = formatted;
  const position = atEnd ? formatted.length : caretAfterDigits(formatted, digitsBefore);
  input.setSelectionRange(position, position);
}
