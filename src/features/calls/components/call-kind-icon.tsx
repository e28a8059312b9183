import { useIntl } from "react-intl";
import type { Call } from "../../../../contract/calls.ts";
import { callKind, type CallKind } from "../format.ts";

const STYLE: Record<CallKind, string> = {
  inbound: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  missed: "bg-red-50 text-red-700 ring-red-200",
  outbound: "bg-sky-50 text-sky-700 ring-sky-200",
};

// An arrow into the handset, out of it, or a crossed-out one.
const PATHS: Record<CallKind, string> = {
  inbound: "M13.5 3.5 8 9m0 0V5m0 4h4",
  missed: "M8 4l4 4m0-4L8 8",
  outbound: "M8 9l5.5-5.5m0 0H9.5m4 0v4",
};

/** Inbound, missed or outbound, as a small coloured icon; its name is read out. */
export function CallKindIcon({ call }: { call: Call }) {
  const intl = useIntl();
  const kind = callKind(call);
  const label = intl.formatMessage({ id: `calls.kind.${kind}` });
  return (
    <span role="img" aria-label={label} title={label} className={`mt-0.5 grid size-8 shrink-0 place-items-center rounded-full ring-1 ring-inset ${STYLE[kind]}`}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" className="size-4">
        <path d="M4.5 3.5h2l1 3-1.5 1a8 8 0 0 0 4.5 4.5l1-1.5 3 1v2a1.5 1.5 0 0 1-1.5 1.5A11.5 11.5 0 0 1 3 5a1.5 1.5 0 0 1 1.5-1.5Z" />
        <path d={PATHS[kind]} />
      </svg>
    </span>
  );
}
