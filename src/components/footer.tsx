import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import { useLanguage } from "../i18n/language-context.ts";
import { useContactModal } from "./contact/contact-context.ts";
import { Logo } from "./navbar/logo.tsx";

export function Footer() {
  const { localPath } = useLanguage();
  const openContact = useContactModal();
  const linkClass = "text-sm text-slate-600 hover:text-slate-900";
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-slate-600">
            <FormattedMessage id="footer.tagline" />
          </p>
        </div>
        <nav className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to={localPath("/pricing")} className={linkClass}>
            <FormattedMessage id="footer.pricing" />
          </Link>
          <Link to={localPath("/blog")} className={linkClass}>
            <FormattedMessage id="footer.blog" />
          </Link>
          <button type="button" className={linkClass} onClick={() => openContact({ mode: "sales" })}>
            <FormattedMessage id="footer.sales" />
          </button>
          <button type="button" className={linkClass} onClick={() => openContact({ mode: "support" })}>
            <FormattedMessage id="footer.support" />
          </button>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        <FormattedMessage id="footer.copyright" values={{ year: new Date().getFullYear() }} />
      </p>
    </footer>
  );
}
