import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { Question } from "../../../../contract/questions.ts";
import { displayPhone } from "../../../../contract/phone.ts";
import { useLanguage } from "../../../i18n/language-context.ts";
import { when } from "../format.ts";

/** The calls a question was asked on, newest first, each leading to that call on the Calls screen. */
export function QuestionCalls({ question, timeZone }: { question: Question; timeZone: string }) {
  const intl = useIntl();
  const { localPath } = useLanguage();
  if (question.calls.length === 0) return null;
  const earlier = question.asked_count - question.calls.length;
  const caller = (from: string | null) =>
    from === "browser"
      ? intl.formatMessage({ id: "assistants.questions.calls.browser" })
      : from
        ? displayPhone(from)
        : intl.formatMessage({ id: "assistants.questions.calls.hidden" });
  return (
    <div className="mt-2">
      <p className="text-xs font-medium text-slate-600">
        <FormattedMessage id="assistants.questions.calls.title" />
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {question.calls.map((call) => (
          <li key={call.call_id}>
            <Link
              to={localPath(`/dashboard/calls?call=${call.call_id}`)}
              className="font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
            >
              <time dateTime={call.call_started_at}>{when(call.call_started_at, timeZone, intl)}</time>
              <span className="text-slate-600"> · {caller(call.from_number)}</span>
            </Link>
          </li>
        ))}
        {earlier > 0 && (
          <li className="text-slate-600">
            <FormattedMessage id="assistants.questions.calls.earlier" values={{ count: earlier }} />
          </li>
        )}
      </ul>
    </div>
  );
}
