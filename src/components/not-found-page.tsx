import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { useLanguage } from "../i18n/language-context.ts";
import { buttonClass } from "./button.tsx";
import { DocumentTitle } from "./document-title.tsx";

export function NotFoundPage() {
  const intl = useIntl();
  const { localPath } = useLanguage();
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <DocumentTitle title={intl.formatMessage({ id: "notFound.title" })} />
      <meta name="robots" content="noindex" />
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        <FormattedMessage id="notFound.text" />
      </p>
      <Link to={localPath("/")} className={`mt-8 ${buttonClass({ size: "lg" })}`}>
        <FormattedMessage id="notFound.back" />
      </Link>
    </section>
  );
}
