import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { QUESTION_LIMITS, type Question } from "../../../../contract/questions.ts";
import { AddButton } from "../../../components/add-button.tsx";
import { Button } from "../../../components/button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { useQuestions } from "../api/questions.ts";
import { failureDetail } from "../format.ts";
import { DeleteQuestionDialog } from "./delete-question-dialog.tsx";

interface FaqListProps {
  onEdit: (question: Question) => void;
  onAdd: () => void;
}

/** The salon's FAQ: the answered questions every call is given, to edit, delete or add to. */
export function FaqList({ onEdit, onAdd }: FaqListProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const faq = useQuestions("answered");
  const [deleting, setDeleting] = useState<Question | null>(null);
  const full = (faq.data?.length ?? 0) >= QUESTION_LIMITS.faqEntries;
  return (
    <section aria-labelledby={titleId} className="min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">
            <FormattedMessage id="assistants.questions.faq.title" />
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            <FormattedMessage id="assistants.questions.faq.used" />
          </p>
        </div>
        <AddButton onClick={onAdd} disabled={!faq.data || full}>
          <FormattedMessage id="assistants.questions.faq.add" />
        </AddButton>
      </div>
      {faq.isError ? (
        <LoadFailed
          inline
          message={t("assistants.questions.loadFailed", { detail: failureDetail(faq.error, intl) })}
          retryLabel={t("assistants.questions.retry")}
          onRetry={() => void faq.refetch()}
        />
      ) : !faq.data ? (
        <p role="status" className="px-4 py-8 text-center text-sm text-slate-600">
          <FormattedMessage id="assistants.questions.loading" />
        </p>
      ) : faq.data.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600 sm:px-6">
          <FormattedMessage id="assistants.questions.faq.empty" />
        </p>
      ) : (
        <>
          <dl className="divide-y divide-slate-100">
            {faq.data.map((entry) => (
              <div key={entry.id} className="px-4 py-4 sm:px-6">
                <dt className="font-medium [overflow-wrap:anywhere] text-slate-900">{entry.question}</dt>
                <dd className="mt-1 text-sm whitespace-pre-line [overflow-wrap:anywhere] text-slate-700">{entry.answer}</dd>
                <dd className="mt-3 flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => onEdit(entry)} aria-label={t("assistants.questions.faq.editLabel", { question: entry.question })}>
                    <FormattedMessage id="common.edit" />
                  </Button>
                  <Button variant="danger-outline" size="sm" onClick={() => setDeleting(entry)} aria-label={t("assistants.questions.deleteLabel", { question: entry.question })}>
                    <FormattedMessage id="common.delete" />
                  </Button>
                </dd>
              </div>
            ))}
          </dl>
          <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-600 sm:px-6">
            <FormattedMessage id={full ? "assistants.questions.faq.full" : "assistants.questions.faq.count"} values={{ count: faq.data.length, max: QUESTION_LIMITS.faqEntries }} />
          </p>
        </>
      )}
      <DeleteQuestionDialog question={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
