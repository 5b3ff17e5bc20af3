import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/forms/fields";
import { CheckIcon, XCircleIcon } from "~/components/ui/icons";
import { cx } from "~/lib/class-names";
import { passwordRules } from "~/schemas/accounts";

type Field = FieldMetadata<string | number | undefined | null>;

/**
 * A new password, typed twice, with the rules ticked live under the first field: the
 * password change (account) and the registration's last step.
 */
export function NewPasswordFields({
  password,
  confirm,
  labels,
}: {
  password: Field;
  confirm: Field;
  labels: { password: string; confirm: string };
}) {
  const [value, setValue] = useState("");
  return (
    <>
      <div>
        <TextField
          field={password}
          label={labels.password}
          type="password"
          inputProps={{ autoComplete: "new-password", onInput: (e) => setValue(e.currentTarget.value) }}
        />
        <PasswordChecklist value={value} />
      </div>
      <TextField field={confirm} label={labels.confirm} type="password" inputProps={{ autoComplete: "new-password" }} />
    </>
  );
}

/** The five password rules, ticked live as the user types (static without JavaScript). */
export function PasswordChecklist({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className="mt-2 grid gap-1 text-xs sm:grid-cols-2" aria-label={t("auth.password.checklist")}>
      {passwordRules.map((rule) => {
        const ok = rule.test(value);
        return (
          <li key={rule.key} className={cx("flex items-center gap-1.5", ok ? "text-green-700" : "text-slate-500")} data-ok={ok}>
            {ok ? <CheckIcon className="size-3.5" /> : <XCircleIcon className="size-3.5" />}
            <span>{t(`auth.password.rules.${rule.key}`)}</span>
            <span className="sr-only">{ok ? t("auth.password.rule_met") : t("auth.password.rule_unmet")}</span>
          </li>
        );
      })}
    </ul>
  );
}
