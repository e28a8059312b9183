import { useId } from "react";
import { useIntl } from "react-intl";
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES } from "../../../../contract/auth.ts";
import { CheckCircleIcon, EmptyCircleIcon } from "./icons.tsx";

/** The register password rules, each ticked off as soon as the typed password meets it. */
export function PasswordChecklist({ password }: { password: string }) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <div className="mt-2 rounded-lg bg-slate-50 px-3 py-2.5">
      <p id={titleId} className="text-xs font-medium text-slate-600">
        {intl.formatMessage({ id: "auth.checklist.title" })}
      </p>
      <ul aria-labelledby={titleId} className="mt-1.5 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={`flex items-center gap-1.5 text-sm ${met ? "text-emerald-700" : "text-slate-500"}`}>
              {met ? <CheckCircleIcon className="size-4 shrink-0" /> : <EmptyCircleIcon className="size-4 shrink-0" />}
              <span className="sr-only">{intl.formatMessage({ id: met ? "auth.checklist.met" : "auth.checklist.unmet" })} </span>
              {intl.formatMessage({ id: `auth.checklist.${rule.id}` }, { min: PASSWORD_MIN_LENGTH })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
