import { useIntl } from "react-intl";

export function Logo() {
  const intl = useIntl();
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <img src="/favicon.svg" alt="" className="size-8" width="32" height="32" />
      {intl.formatMessage({ id: "common.brand" })}
    </span>
  );
}
