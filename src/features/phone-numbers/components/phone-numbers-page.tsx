import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useToast } from "../../../components/toast/toast-context.ts";
import { errorDetail } from "../../../lib/api-client.ts";
import { salonCountry } from "../../../../contract/phone.ts";
import { useAssistants } from "../../../lib/salon-data/assistants.ts";
import { usePhoneNumbers } from "../../../lib/salon-data/phone-numbers.ts";
import { useSalon } from "../../../lib/salon-data/salon.ts";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { GetNumberDialog } from "./get-number-dialog.tsx";
import { PhoneNumberForm } from "./phone-number-form.tsx";
import { PhoneNumberList } from "./phone-number-list.tsx";

const NEW = "new";

/**
 * Phone Numbers: the list beside the form. The first number is shown until another is chosen;
 * Add New Number clears the form; Get a number opens the dialog that buys one; a saved or
 * bought number is chosen, and after a delete the first remaining one is (or a blank form
 * when none remain).
 */
export function PhoneNumbersPage() {
  const intl = useIntl();
  const toast = useToast();
  const numbers = usePhoneNumbers();
  const assistants = useAssistants();
  // Only the country the number search starts in; without it the search starts elsewhere.
  const salon = useSalon();
  const [chosen, setChosen] = useState<string | null>(null);
  // Add New Number starts over even when the blank form is already showing.
  const [blankForms, setBlankForms] = useState(0);
  const [getting, setGetting] = useState(false);

  const unreachable = intl.formatMessage({ id: "phoneNumbers.error.unreachable" });
  useEffect(() => {
    if (numbers.error) toast.show("error", intl.formatMessage({ id: "phoneNumbers.toast.loadFailed" }, { detail: errorDetail(numbers.error, unreachable) }));
  }, [numbers.error, toast, intl, unreachable]);
  useEffect(() => {
    if (assistants.error) {
      toast.show("error", intl.formatMessage({ id: "phoneNumbers.toast.assistantsFailed" }, { detail: errorDetail(assistants.error, unreachable) }));
    }
  }, [assistants.error, toast, intl, unreachable]);

  const rows = numbers.data ?? [];
  const current = chosen === NEW ? undefined : (rows.find((row) => row.id === chosen) ?? rows[0]);

  return (
    <div>
      <DocumentTitle title={intl.formatMessage({ id: "dashboard.nav.phone-numbers" })} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        <FormattedMessage id="phoneNumbers.title" />
      </h1>
      <p className="mt-1 text-slate-600">
        <FormattedMessage id="phoneNumbers.intro" />
      </p>
      {numbers.isError && !numbers.data ? (
        // Neither the list nor a blank form beside it: a number added now might already be there.
        <div className="mt-6">
          <LoadFailed
            message={intl.formatMessage({ id: "phoneNumbers.loadFailed" })}
            retryLabel={intl.formatMessage({ id: "phoneNumbers.retry" })}
            onRetry={() => void numbers.refetch()}
          />
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          {assistants.isError && !assistants.data && (
            // Without them a number's assistant would look unset, and saving would unset it.
            <div className="rounded-2xl border border-slate-200 bg-white shadow-sm lg:col-span-2">
              <LoadFailed
                inline
                message={intl.formatMessage({ id: "phoneNumbers.assistantsLoadFailed" })}
                retryLabel={intl.formatMessage({ id: "phoneNumbers.retry" })}
                onRetry={() => void assistants.refetch()}
              />
            </div>
          )}
          <PhoneNumberList
            numbers={numbers.data}
            assistants={assistants.data}
            currentId={current?.id}
            onChoose={setChosen}
            onAdd={() => {
              setChosen(NEW);
              setBlankForms((count) => count + 1);
            }}
            onGet={() => setGetting(true)}
          />
          {/* Waits for the list, so the form never shows blank for a moment before the first number. */}
          {!numbers.isPending && (
            <PhoneNumberForm
              key={current?.id ?? `${NEW}-${blankForms}`}
              number={current}
              assistants={assistants.data ?? []}
              onSaved={setChosen}
              onDeleted={() => setChosen(null)}
            />
          )}
        </div>
      )}
      <GetNumberDialog
        open={getting}
        onClose={() => setGetting(false)}
        assistants={assistants.data ?? []}
        salonCountry={salon.data && salonCountry(salon.data)}
        onBought={(row) => setChosen(row.id)}
      />
    </div>
  );
}
