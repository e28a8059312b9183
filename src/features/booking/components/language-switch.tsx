import { useIntl } from "react-intl";
import { LANGUAGES, NATIVE_NAMES } from "../../../../contract/languages.ts";
import { useLanguage } from "../../../i18n/language-context.ts";

/** The page's language, switched in place: what the visitor chose so far stays chosen. */
export function LanguageSwitch() {
  const intl = useIntl();
  const { language, switchLanguage } = useLanguage();
  return (
    <div role="group" aria-label={intl.formatMessage({ id: "booking.language" })} className="flex rounded-lg bg-white/15 p-0.5">
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === language}
          onClick={() => option !== language && switchLanguage(option)}
          className={`rounded-md px-2.5 py-1 text-xs font-semibold uppercase focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white ${
            option === language ? "bg-white text-brand-700" : "text-white hover:bg-white/20"
          }`}
        >
          <span aria-hidden="true">{option}</span>
          <span className="sr-only">{NATIVE_NAMES[option]}</span>
        </button>
      ))}
    </div>
  );
}
