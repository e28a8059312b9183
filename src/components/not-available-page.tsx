import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useLanguage } from "../i18n/language-context.ts";
import { buttonClass } from "./button.tsx";
import { DocumentTitle } from "./document-title.tsx";

/** A screen the person's role does not have, reached by its address: says so and leads back to the dashboard. */
export function NotAvailablePage() {
  const intl = useIntl();
  const { localPath } = useLanguage();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center">
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.notAvailable.title" })} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        <FormattedMessage id="dashboard.notAvailable.title" />
      </h1>
      <p className="mt-4 text-slate-600">
        <FormattedMessage id="dashboard.notAvailable.text" />
      </p>
      <Link to={localPath("/dashboard")} className={`mt-8 ${buttonClass()}`}>
        <FormattedMessage id="dashboard.notAvailable.back" />
      </Link>
    </section>
  );
}
