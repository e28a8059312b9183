import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { displayPhone } from "../../../../contract/phone.ts";
import { Button } from "../../../components/button.tsx";
import { forwardingCodes, type ForwardingKind } from "../forwarding.ts";

/**
 * How to send the salon's existing line to an active number: the common codes with the number
 * filled in, behind a disclosure so the form stays short, each with a copy button.
 */
export function ForwardingHelp({ e164 }: { e164: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<ForwardingKind | null>(null);
  const panelId = useId();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const copy = async (kind: ForwardingKind, code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(kind);
    } catch {
      // Without clipboard access the code is still there to read and type.
      setCopied(null);
    }
  };

  return (
    <section className="rounded-xl border border-slate-200 bg-slate-50">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
          className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <FormattedMessage id="phoneNumbers.forward.toggle" />
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`}>
            <path
              fillRule="evenodd"
              d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
              clipRule="evenodd"
            />
          </svg>
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 px-4 py-3">
        <p className="text-sm text-slate-700">{t("phoneNumbers.forward.intro", { number: displayPhone(e164) })}</p>
        <dl className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {forwardingCodes(e164).map(({ kind, code }) => {
            const label = t(`phoneNumbers.forward.kind.${kind}`);
            return (
              <div key={kind} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
                <dt className="text-sm text-slate-700">{label}</dt>
                <dd className="flex items-center gap-2">
                  <code dir="ltr" className="font-mono text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">
                    {code}
                  </code>
                  <Button variant="ghost" size="sm" aria-label={t(copied === kind ? "phoneNumbers.forward.copiedCode" : "phoneNumbers.forward.copyLabel", { kind: label })} onClick={() => copy(kind, code)}>
                    <FormattedMessage id={copied === kind ? "phoneNumbers.forward.copied" : "phoneNumbers.forward.copy"} />
                  </Button>
                </dd>
              </div>
            );
          })}
        </dl>
        <p className="mt-3 text-xs text-slate-600">
          <FormattedMessage id="phoneNumbers.forward.note" />
        </p>
        <p aria-live="polite" className="sr-only">
          {copied && t("phoneNumbers.forward.copiedCode", { kind: t(`phoneNumbers.forward.kind.${copied}`) })}
        </p>
      </div>
    </section>
  );
}
