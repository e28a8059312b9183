import * as Tabs from "@radix-ui/react-tabs";
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Question } from "../../../../contract/questions.ts";
import { Button } from "../../../components/button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { TabBar } from "../../../components/tab-bar.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useQuestions, useSetAside } from "../api/questions.ts";
import { failureDetail, when } from "../format.ts";
import { DeleteQuestionDialog } from "./delete-question-dialog.tsx";
import { QuestionCalls } from "./question-calls.tsx";

const VIEWS = ["open", "dismissed"] as const;
type View = (typeof VIEWS)[number];

interface CallerQuestionsProps {
  /** The salon's, once it is known: times are shown on its clock. */
  timeZone: string | undefined;
  onAnswer: (question: Question) => void;
}

/** The questions the assistant could not answer: open ones to answer or dismiss, and the dismissed ones to take back. */
export function CallerQuestions({ timeZone, onAnswer }: CallerQuestionsProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const [view, setView] = useState<View>("open");
  const open = useQuestions("open");
  const dismissed = useQuestions("dismissed");
  const lists = { open, dismissed };
  const [deleting, setDeleting] = useState<Question | null>(null);
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h3 id={titleId} className="px-4 pt-4 text-lg font-semibold text-slate-900 sm:px-6">
        <FormattedMessage id="assistants.questions.open.title" />
      </h3>
      <Tabs.Root value={view} onValueChange={(value) => setView(value as View)}>
        <TabBar
          tabs={VIEWS}
          label={t("assistants.questions.views")}
          title={(value) => <FormattedMessage id={`assistants.questions.view.${value}`} values={{ count: lists[value].data?.length ?? 0 }} />}
          className="mt-1 px-2 sm:px-4"
        />
        {VIEWS.map((value) => {
          const query = lists[value];
          return (
            <Tabs.Content key={value} value={value} className="focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600">
              {query.isError ? (
                <LoadFailed
                  inline
                  message={t("assistants.questions.loadFailed", { detail: failureDetail(query.error, intl) })}
                  retryLabel={t("assistants.questions.retry")}
                  onRetry={() => void query.refetch()}
                />
              ) : !query.data || !timeZone ? (
                <p role="status" className="px-4 py-8 text-center text-sm text-slate-600">
                  <FormattedMessage id="assistants.questions.loading" />
                </p>
              ) : query.data.length === 0 ? (
                <p className="px-4 py-8 text-center text-sm text-slate-600 sm:px-6">
                  <FormattedMessage id={`assistants.questions.${value}.empty`} />
                </p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {query.data.map((question) => (
                    <QuestionRow key={question.id} question={question} timeZone={timeZone} onAnswer={onAnswer} onDelete={setDeleting} />
                  ))}
                </ul>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
      <DeleteQuestionDialog question={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

interface QuestionRowProps {
  question: Question;
  timeZone: string;
  onAnswer: (question: Question) => void;
  onDelete: (question: Question) => void;
}

function QuestionRow({ question, timeZone, onAnswer, onDelete }: QuestionRowProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const toast = useToast();
  const setAside = useSetAside();
  const aside = question.state === "open";
  const move = async () => {
    try {
      await setAside.mutateAsync({ id: question.id, aside });
    } catch (error) {
      toast.show("error", t("assistants.questions.moveFailed", { detail: failureDetail(error, intl) }));
      return;
    }
    toast.show("success", t(aside ? "assistants.questions.dismissed" : "assistants.questions.reopened"));
  };
  // When a caller last asked it: its newest call; a question that lost its calls keeps its own time.
  const lastAsked = question.calls[0]?.call_started_at ?? question.updated_at;
  const often = question.asked_count > 1;
  return (
    <li className="px-4 py-4 sm:px-6">
      <p className="font-medium [overflow-wrap:anywhere] text-slate-900">{question.question}</p>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        {question.asked_count > 0 && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${often ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}>
            <FormattedMessage id="assistants.questions.askedCount" values={{ count: question.asked_count }} />
          </span>
        )}
        <span>
          <FormattedMessage id="assistants.questions.lastAsked" values={{ when: when(lastAsked, timeZone, intl) }} />
        </span>
      </p>
      <QuestionCalls question={question} timeZone={timeZone} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onAnswer(question)} aria-label={t("assistants.questions.answerLabel", { question: question.question })}>
          <FormattedMessage id="assistants.questions.answer" />
        </Button>
        <Button variant="secondary" size="sm" busy={setAside.isPending} onClick={() => void move()} aria-label={t(aside ? "assistants.questions.dismissLabel" : "assistants.questions.reopenLabel", { question: question.question })}>
          <FormattedMessage id={aside ? "assistants.questions.dismiss" : "assistants.questions.reopen"} />
        </Button>
        {!aside && (
          <Button variant="danger-outline" size="sm" onClick={() => onDelete(question)} aria-label={t("assistants.questions.deleteLabel", { question: question.question })}>
            <FormattedMessage id="common.delete" />
          </Button>
        )}
      </div>
    </li>
  );
}
