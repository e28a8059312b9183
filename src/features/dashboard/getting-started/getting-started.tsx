import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useLanguage } from "../../../i18n/language-context.ts";
import { useSetupProgress } from "./api.ts";
import { setupSteps, type SetupStep } from "./steps.ts";

const COLLAPSED_KEY = "getting-started-collapsed";

/** Whether the owner folded the checklist to its one line, remembered by this browser. */
function useCollapsed() {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(COLLAPSED_KEY) === "true";
    } catch {
      return false;
    }
  });
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      if (next) localStorage.setItem(COLLAPSED_KEY, "true");
      else localStorage.removeItem(COLLAPSED_KEY);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  };
  return [collapsed, toggle] as const;
}

const TICK = (
  <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
    <path
      fillRule="evenodd"
      d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
      clipRule="evenodd"
    />
  </svg>
);

/**
 * "Getting started": the steps a new salon goes through before its assistant can book, each
 * ticked from the salon's data and linking to where it is done. Gone once all are done.
 */
export function GettingStarted() {
  const intl = useIntl();
  const id = useId();
  const [collapsed, toggle] = useCollapsed();
  const { data } = useSetupProgress();
  if (!data) return null;
  const steps = setupSteps(data);
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  const next = steps.find((step) => !step.done);

  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm sm:p-5">
      {/* Folded, this row is all there is: the toggle keeps its place at the end of it. */}
      <div className="flex items-center gap-3">
        <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            <FormattedMessage id="dashboard.gettingStarted.title" />
          </h2>
          <p className="text-sm text-slate-600">
            <FormattedMessage id="dashboard.gettingStarted.progress" values={{ done, total: steps.length }} />
          </p>
        </div>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-controls={`${id}-steps`}
          className="shrink-0 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <FormattedMessage id={collapsed ? "dashboard.gettingStarted.show" : "dashboard.gettingStarted.hide"} />
        </button>
      </div>
      <div id={`${id}-steps`} hidden={collapsed}>
        {/* The bar repeats the count above for the eye. */}
        <div aria-hidden="true" className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
        <ol className="mt-4 grid gap-2">
          {steps.map((step, index) => (
            <li key={step.id}>
              <Step step={step} number={index + 1} current={step === next} label={intl.formatMessage({ id: `dashboard.gettingStarted.step.${step.id}` })} />
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Step({ step, number, current, label }: { step: SetupStep; number: number; current: boolean; label: string }) {
  const { localPath } = useLanguage();
  if (step.done) {
    return (
      <p className="flex items-center gap-3 px-2 py-1.5 text-sm text-slate-500">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">{TICK}</span>
        <span>
          {label}
          <span className="sr-only">
            {" "}
            <FormattedMessage id="dashboard.gettingStarted.done" />
          </span>
        </span>
      </p>
    );
  }
  return (
    <Link
      to={localPath(step.path)}
      className={`flex items-start gap-3 rounded-xl border px-2 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
        current ? "border-brand-100 bg-brand-50" : "border-transparent"
      }`}
    >
      <span
        aria-hidden="true"
        className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
          current ? "bg-brand-600 text-white" : "border border-slate-300 text-slate-600"
        }`}
      >
        {number}
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">
          <FormattedMessage id={step.hint} />
        </span>
      </span>
    </Link>
  );
}
