import { useId, useMemo } from "react";
import { useIntl } from "react-intl";
import { useLanguage } from "../../i18n/language-context.ts";
import { addDays, dateConvention, datePattern, localToday, readDate, showDate } from "./date-text.ts";
import { TypedInput, type TypedInputProps } from "./typed-input.tsx";

/**
 * A date in one text box ("YYYY-MM-DD" in the draft), written the way the interface's
 * language writes dates, whatever the browser's locale. Its format is its placeholder and
 * part of its description; the arrow keys step a day up or down.
 */
export function DateInput({ "aria-describedby": describedBy, ...props }: TypedInputProps) {
  const intl = useIntl();
  const { language } = useLanguage();
  const formatId = useId();
  const { locale, order } = useMemo(() => dateConvention(language), [language]);
  const pattern = datePattern(locale, {
    day: intl.formatMessage({ id: "dashboard.dateInput.day" }),
    month: intl.formatMessage({ id: "dashboard.dateInput.month" }),
    year: intl.formatMessage({ id: "dashboard.dateInput.year" }),
  });
  const read = (text: string) => readDate(text, order);
  const unreadable = props.value.trim() !== "" && read(showDate(props.value, locale)) === null;
  return (
    <>
      <TypedInput
        placeholder={pattern}
        {...props}
        aria-describedby={[describedBy, formatId].filter(Boolean).join(" ")}
        read={read}
        show={(value) => showDate(value, locale)}
        stepTo={(value, days) => (value ? addDays(value, days) : localToday())}
      />
      <span id={formatId} className="sr-only">
        {unreadable && `${intl.formatMessage({ id: "dashboard.dateInput.invalid" })} `}
        {intl.formatMessage({ id: "dashboard.dateInput.format" }, { pattern, example: showDate(`${new Date().getFullYear()}-11-26`, locale) })}
      </span>
    </>
  );
}
