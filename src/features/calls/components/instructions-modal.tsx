import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Modal } from "../../../components/modal.tsx";
import { useCallInstructions } from "../api/calls.ts";
import { detailOrMessage } from "../load-error.ts";

/** The instructions a call's assistant received, word for word; null closes the modal. */
export function InstructionsModal({ callId, onClose }: { callId: string | null; onClose: () => void }) {
  const intl = useIntl();
  // Keeps the text on screen while the modal closes.
  const [shown, setShown] = useState(callId);
  if (callId !== null && callId !== shown) setShown(callId);
  const instructions = useCallInstructions(shown);

  let body;
  if (instructions.isError) {
    body = (
      <p role="alert" className="text-sm text-red-700">
        {intl.formatMessage({ id: "calls.instructions.failed" }, { detail: detailOrMessage(instructions.error, intl) })}
      </p>
    );
  } else if (!instructions.data) {
    body = (
      <p role="status" className="text-sm text-slate-600">
        <FormattedMessage id="calls.instructions.loading" />
      </p>
    );
  } else if (!instructions.data.instructions?.trim()) {
    body = (
      <p className="text-sm text-slate-600">
        <FormattedMessage id="calls.instructions.empty" />
      </p>
    );
  } else {
    body = (
      <pre
        tabIndex={0}
        className="max-h-[60vh] overflow-auto rounded-xl bg-slate-50 p-4 font-sans text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {instructions.data.instructions}
      </pre>
    );
  }

  return (
    <Modal
      open={callId !== null}
      onClose={onClose}
      size="lg"
      title={<FormattedMessage id="calls.instructions.title" />}
      description={<FormattedMessage id="calls.instructions.description" />}
    >
      {body}
    </Modal>
  );
}
