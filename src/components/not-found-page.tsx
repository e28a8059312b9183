import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { buttonClass } from "./button.tsx";

export function NotFoundPage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="mt-4 text-lg text-slate-600">
        <FormattedMessage id="notFound.text" />
      </p>
      <Link to="/" className={`mt-8 ${buttonClass({ size: "lg" })}`}>
        <FormattedMessage id="notFound.back" />
      </Link>
    </section>
  );
}
