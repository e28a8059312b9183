import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { QuestionAnswerInput, QuestionState } from "../../../../contract/questions.ts";
import { api, read } from "../../../lib/api-client.ts";
import { queryKeys } from "../../../lib/query-keys.ts";

const questions = api.dashboard.questions;

/** The open questions, the FAQ and the dismissed ones: a change moves a question between them. */
const questionKeys = queryKeys("questions");

export const useQuestions = (state: QuestionState) =>
  useQuery({
    queryKey: questionKeys.list(state),
    queryFn: ({ signal }) => read(questions.$get({ query: { state } }, { init: { signal } })),
    select: (list) => list.items,
  });

function useQuestionChange<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: questionKeys.all }) });
}

/** Answers a question, or edits an FAQ entry; `id` absent adds an entry of the owner's own. */
export const useSaveFaqEntry = () =>
  useQuestionChange(({ id, json }: { id?: string; json: QuestionAnswerInput }) =>
    read(id ? questions[":id"].$put({ param: { id }, json }) : questions.$post({ json })),
  );

/** Sets an open question aside, or takes a dismissed one back. */
export const useSetAside = () =>
  useQuestionChange(({ id, aside }: { id: string; aside: boolean }) =>
    read(aside ? questions[":id"].dismiss.$post({ param: { id } }) : questions[":id"].reopen.$post({ param: { id } })),
  );

export const useDeleteQuestion = () => useQuestionChange((id: string) => read(questions[":id"].$delete({ param: { id } })));
