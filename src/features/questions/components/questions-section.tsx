import { useId, useState } from "react";
import { FormattedMessage } from "react-intl";
import type { Question } from "../../../../contract/questions.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { CallerQuestions } from "./caller-questions.tsx";
import { FaqEntryDialog, type FaqEditing } from "./faq-entry-dialog.tsx";
import { FaqList } from "./faq-list.tsx";

/**
 * Below the assistants: what callers asked that the assistant could not answer, and the FAQ
 * the owner's answers make, which the assistant is given on every call.
 */
export function QuestionsSection() {
  const titleId = useId();
  const salon = useSalon();
  // The salon's days and times; the browser's zone only if the salon cannot be read.
  const timeZone = salon.data?.time_zone ?? (salon.isError ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined);
  const [editing, setEditing] = useState<FaqEditing | null>(null);
  const edit = (question: Question | null) => setEditing({ question });
  return (
    <section id="questions" aria-labelledby={titleId} className="mt-10">
      <h2 id={titleId} className="text-xl font-bold tracking-tight text-slate-900">
        <FormattedMessage id="assistants.questions.title" />
      </h2>
      <p className="mt-1 max-w-3xl text-slate-600">
        <FormattedMessage id="assistants.questions.intro" />
      </p>
      <div className="mt-4 grid items-start gap-6 xl:grid-cols-2">
        <CallerQuestions timeZone={timeZone} onAnswer={edit} />
        <FaqList onEdit={edit} onAdd={() => edit(null)} />
      </div>
      <FaqEntryDialog editing={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
