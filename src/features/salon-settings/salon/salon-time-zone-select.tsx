import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { Field } from "../../../components/form-field.tsx";
import { useLanguage } from "../../../i18n/language-context.ts";
import { countryOfZone, matching, zoneOption, zoneOptions, type ZoneOption } from "./time-zone-options.ts";

interface SalonTimeZoneSelectProps {
  value: string;
  onChange: (value: string) => void;
  /** The salon's country, from its address or phone; without it, that of the chosen zone. */
  country: string | undefined;
  error?: string;
  disabled: boolean;
  className?: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The salon's time zone: a combobox of every zone, named in the reader's language with its
 * UTC offset, the salon's country's zones first; typing filters by city, country, zone name or
 * offset. What is stored stays the IANA name.
 */
export function SalonTimeZoneSelect({ value, onChange, country, error, disabled, className }: SalonTimeZoneSelectProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const listId = useId();
  const yours = browserZone();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const chosen = useMemo(() => zoneOption(value, language), [value, language]);
  const home = country ?? countryOfZone(value) ?? countryOfZone(yours);
  // Named only once the list is first opened: some 400 zones take a moment.
  const groups = useMemo(() => {
    if (!open) return null;
    const { countryName, first, rest } = zoneOptions(language, { country: home, extra: [value, yours] });
    const all = intl.formatMessage({ id: "salonSettings.salon.timeZoneAll" });
    return [
      { key: "country", title: countryName, options: matching(first, query ?? "") },
      { key: "all", title: first.length > 0 ? all : undefined, options: matching(rest, query ?? "") },
    ].filter((group) => group.options.length > 0);
  }, [open, language, home, value, yours, query, intl]);
  const shown: ZoneOption[] = groups?.flatMap((group) => group.options) ?? [];
  const activeOption = shown.find((option) => option.zone === active) ?? shown[0];

  // The active option stays in sight as the arrow keys move it.
  useEffect(() => {
    if (activeOption) list.current?.querySelector(`[data-zone="${CSS.escape(activeOption.zone)}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [activeOption]);

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(null);
  };
  const choose = (option: ZoneOption) => {
    onChange(option.zone);
    close();
  };
  const step = (by: number) => {
    if (!open) {
      setOpen(true);
      setActive(value);
      return;
    }
    const index = activeOption ? shown.indexOf(activeOption) : -1;
    const next = shown[Math.min(Math.max(index + by, 0), shown.length - 1)];
    if (next) setActive(next.zone);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => step(event.altKey && !open ? 0 : 1),
      ArrowUp: () => step(-1),
      PageDown: () => step(10),
      PageUp: () => step(-10),
      Enter: () => activeOption && choose(activeOption),
      Escape: close,
    };
    const handle = keys[event.key];
    // Closed, Enter belongs to the form and Escape to whatever holds it.
    if (!handle || (!open && (event.key === "Enter" || event.key === "Escape" || event.key.startsWith("Page")))) return;
    event.preventDefault();
    if (event.key === "Escape") event.stopPropagation();
    handle();
  };

  return (
    <Field label={intl.formatMessage({ id: "salonSettings.salon.timeZone" })} hint={intl.formatMessage({ id: "salonSettings.salon.timeZoneHint" })} error={error} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type="text"
            role="combobox"
            name="time_zone"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && activeOption ? `${listId}-${activeOption.zone}` : undefined}
            disabled={disabled}
            value={query ?? chosen.label}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(null);
              setOpen(true);
            }}
            onClick={() => (open ? close() : step(0))}
            onKeyDown={onKeyDown}
            // Typing replaces the shown name rather than adding to it.
            onFocus={(event) => event.target.select()}
            onBlur={close}
            className={`${control.className} pr-9`}
          />
          <svg aria-hidden="true" viewBox="0 0 20 20" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500">
            <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <ul
            ref={list}
            id={listId}
            role="listbox"
            aria-label={intl.formatMessage({ id: "salonSettings.salon.timeZone" })}
            hidden={!open || groups?.length === 0}
            // Choosing with the mouse must not take focus from the input first, which would close the list.
            onMouseDown={(event) => event.preventDefault()}
            className="absolute z-20 mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {groups?.map((group) => (
              <li key={group.key} role="presentation">
                {group.title && (
                  <div id={`${listId}-${group.key}`} role="presentation" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                    {group.title}
                  </div>
                )}
                <ul role="group" aria-labelledby={group.title ? `${listId}-${group.key}` : undefined}>
                  {group.options.map((option) => (
                    <li
                      key={option.zone}
                      id={`${listId}-${option.zone}`}
                      data-zone={option.zone}
                      role="option"
                      aria-selected={option === activeOption}
                      onClick={() => choose(option)}
                      className={`cursor-pointer px-3 py-1.5 ${option === activeOption ? "bg-brand-50" : ""} ${option.zone === value ? "font-semibold" : ""}`}
                    >
                      <span className="block text-sm text-slate-900">
                        {option.zone === yours ? intl.formatMessage({ id: "salonSettings.salon.timeZoneYours" }, { zone: option.label }) : option.label}
                      </span>
                      <span className="block text-xs text-slate-600">{option.detail}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {groups?.length === 0 && (
            <p role="status" className="absolute z-20 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500 shadow-lg">
              {intl.formatMessage({ id: "salonSettings.salon.timeZoneNone" })}
            </p>
          )}
        </div>
      )}
    </Field>
  );
}
