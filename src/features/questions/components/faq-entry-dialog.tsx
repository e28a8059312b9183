import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { QUESTION_LIMITS, questionAnswerSchema, type Question, type QuestionAnswerInput } from "../../../../contract/questions.ts";
import { Field } from "../../../components/form-field.tsx";
import { FormActions } from "../../../components/form-actions.tsx";
import { Modal } from "../../../components/modal.tsx";
import { checkWith, useDashboardForm } from "../../../lib/forms/use-dashboard-form.ts";
import { useSaveFaqEntry } from "../api/questions.ts";
import { failureDetail } from "../format.ts";

/** What the dialog does: answer an open (or dismissed) question, edit an FAQ entry, or add one (null). */
export interface FaqEditing {
  question: Question | null;
}

interface FaqEntryDialogProps {
  editing: FaqEditing | null;
  onClose: () => void;
}

const TITLES = { open: "assistants.questions.answer.title", dismissed: "assistants.questions.answer.title", answered: "assistants.questions.edit.title", new: "assistants.questions.add.title" } as const;

/** The one dialog that writes an FAQ entry: the question in the owner's words, and its answer. */
export function FaqEntryDialog({ editing, onClose }: FaqEntryDialogProps) {
  const intl = useIntl();
  // The form stays while the dialog fades out after `editing` went back to null.
  const [shown, setShown] = useState(editing);
  if (editing && editing !== shown) setShown(editing);
  const question = shown?.question ?? null;
  return (
    <Modal
      open={editing !== null}
      onClose={onClose}
      title={intl.formatMessage({ id: TITLES[question?.state ?? "new"] })}
      description={question?.state === "answered" ? undefined : intl.formatMessage({ id: "assistants.questions.answer.hint" })}
      size="lg"
    >
      {shown && <FaqEntryForm key={question?.id ?? "new"} question={question} onClose={onClose} />}
    </Modal>
  );
}

function FaqEntryForm({ question, onClose }: { question: Question | null; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const save = useSaveFaqEntry();
  const form = useDashboardForm<QuestionAnswerInput, QuestionAnswerInput, Question>({
    loaded: { question: question?.question ?? "", answer: question?.answer ?? "" },
    check: (draft) => checkWith(questionAnswerSchema, draft, intl),
    save: (json) => save.mutateAsync({ id: question?.id, json }),
    // Answering takes an answer; an FAQ entry is saved once it changed.
    canSave: (draft, dirty) => (question?.state === "answered" ? dirty : draft.answer.trim() !== ""),
    savedText: t(question?.state === "answered" ? "assistants.questions.edit.saved" : "assistants.questions.answer.saved"),
    failedText: (error) => t("assistants.questions.answer.failed", { detail: failureDetail(error, intl) }),
    onSaved: onClose,
  });
  const { draft, errors, change } = form;
  return (
    <form {...form.formProps} className="space-y-4">
      <Field label={t("assistants.questions.field.question")} error={errors.question} required>
        {(control) => (
          <textarea {...control} rows={2} value={draft.question} maxLength={QUESTION_LIMITS.question} onChange={(event) => change({ question: event.target.value }, "question")} />
        )}
      </Field>
      <Field label={t("assistants.questions.field.answer")} hint={t("assistants.questions.field.answerHint")} error={errors.answer} required>
        {(control) => (
          <textarea {...control} rows={5} value={draft.answer} maxLength={QUESTION_LIMITS.answer} onChange={(event) => change({ answer: event.target.value }, "answer")} />
        )}
      </Field>
      <FormActions
        placement="dialog"
        onCancel={onClose}
        busy={form.busy}
        disabled={!form.canSave}
        label={<FormattedMessage id={question?.state === "answered" ? "common.save" : "assistants.questions.answer.save"} />}
        busyLabel={<FormattedMessage id="assistants.questions.answer.saving" />}
      />
    </form>
  );
}
