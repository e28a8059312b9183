import { useState } from "react";
import { useIntl } from "react-intl";
import type { Question } from "../../../../contract/questions.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useToast } from "../../../components/toast/toast-context.ts";
import { useDeleteQuestion } from "../api/questions.ts";
import { failureDetail } from "../format.ts";

/** Asks before a question or an FAQ entry is deleted, saying what that changes for calls. */
export function DeleteQuestionDialog({ question, onClose }: { question: Question | null; onClose: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const remove = useDeleteQuestion();
  // The words stay while the dialog fades out after `question` went back to null.
  const [shown, setShown] = useState(question);
  if (question && question !== shown) setShown(question);
  const confirm = async () => {
    try {
      await remove.mutateAsync(shown!.id);
    } catch (error) {
      toast.show("error", intl.formatMessage({ id: "assistants.questions.delete.failed" }, { detail: failureDetail(error, intl) }));
      throw error;
    }
    toast.show("success", intl.formatMessage({ id: "assistants.questions.delete.done" }));
  };
  return (
    <ConfirmDialog
      open={question !== null}
      title={intl.formatMessage({ id: "assistants.questions.delete.title" })}
      message={intl.formatMessage({ id: shown?.state === "answered" ? "assistants.questions.delete.faqMessage" : "assistants.questions.delete.message" })}
      confirmLabel={intl.formatMessage({ id: "common.delete" })}
      busyLabel={intl.formatMessage({ id: "common.deleting" })}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
