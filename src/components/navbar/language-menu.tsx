import { useId } from "react";
import { useIntl } from "react-intl";
import { LANGUAGES, NATIVE_NAMES } from "../../../contract/languages.ts";
import { useLanguage } from "../../i18n/language-context.ts";
import { useDropdown } from "./use-dropdown.ts";

const TICK = (
  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-brand-600" fill="currentColor">
    <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
  </svg>
);

const GLOBE = (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5">
    <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0 0c2.5-2.5 3.5-5.5 3.5-9S14.5 5.5 12 3m0 18c-2.5-2.5-3.5-5.5-3.5-9S9.5 5.5 12 3M3.5 9h17m-17 6h17" />
  </svg>
);

/** Supported languages by native name, with a tick on the current one: a column in the dropdown, a row in the mobile menu. */
function LanguageOptions({ onChosen, row = false }: { onChosen: () => void; row?: boolean }) {
  const { language, switchLanguage } = useLanguage();
  return LANGUAGES.map((code) => (
    <li key={code}>
      <button
        type="button"
        lang={code}
        aria-current={code === language ? "true" : undefined}
        onClick={() => {
          switchLanguage(code);
          onChosen();
        }}
        className={
          row
            ? `flex items-center gap-1.5 rounded-lg px-3 py-2 text-lg font-medium ${code === language ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
            : "flex w-full items-center justify-between px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-50"
        }
      >
        <span>{NATIVE_NAMES[code]}</span>
        {code === language && TICK}
      </button>
    </li>
  ));
}

/** The bar's language dropdown. Its name starts with the code it shows (EN), so that speaking what is seen reaches it. */
export function LanguageMenu() {
  const intl = useIntl();
  const { language } = useLanguage();
  const { open, setOpen, rootRef } = useDropdown();
  const listId = useId();

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={intl.formatMessage({ id: "nav.language.label" }, { code: language.toUpperCase(), language: NATIVE_NAMES[language] })}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100"
      >
        {GLOBE}
        <span>{language.toUpperCase()}</span>
      </button>
      {open && (
        <ul id={listId} className="absolute right-0 z-50 mt-2 w-44 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl">
          <LanguageOptions onChosen={() => setOpen(false)} />
        </ul>
      )}
    </div>
  );
}

/** The mobile menu's languages, all in sight. */
export function LanguageRow({ onChosen }: { onChosen: () => void }) {
  const intl = useIntl();
  return (
    <div className="flex items-center gap-2 text-slate-500">
      {GLOBE}
      <ul aria-label={intl.formatMessage({ id: "nav.language.group" })} className="flex flex-wrap gap-1">
        <LanguageOptions row onChosen={onChosen} />
      </ul>
    </div>
  );
}
