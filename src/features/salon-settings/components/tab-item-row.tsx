import type { ReactNode, Ref } from "react";
import { FormattedMessage } from "react-intl";
import { Button } from "../../../components/button.tsx";

export interface ItemRowProps {
  name: string;
  color: string;
  /** Short facts under the name (contact, duration, price); empty ones (null, false, "") are left out. */
  details: ReactNode[];
  /** A state worth flagging, such as Inactive. */
  badge?: string;
  /** Accessible names of the buttons; they carry the item's name, as every row has the same buttons. */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  editRef?: Ref<HTMLButtonElement>;
}

/** One stylist or service in a list: its colour dot beside its name, its details, Edit and Delete. */
export function ItemRow({ name, color, details, badge, editLabel, deleteLabel, onEdit, onDelete, editRef }: ItemRowProps) {
  const shown = details.filter((detail) => detail !== null && detail !== undefined && detail !== false && detail !== "");
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {/* Decoration only: the name beside it says which item this is. */}
        <span aria-hidden="true" className="mt-1 size-3.5 shrink-0 rounded-full ring-2 ring-white ring-offset-1 ring-offset-slate-200" style={{ backgroundColor: color }} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="[overflow-wrap:anywhere]">{name}</span>
            {badge && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 ring-inset">{badge}</span>}
          </p>
          {shown.length > 0 && (
            // Each fact has a dot before it in the gap; the negative margin and the clipping hide
            // the dot of whichever fact starts a line, so a wrapped line never opens with one.
            <div className="mt-1 overflow-hidden">
              <ul className="-ml-5 flex flex-wrap gap-y-1 text-sm text-slate-600">
                {shown.map((detail, index) => (
                  <li
                    key={index}
                    className="relative min-w-0 pl-5 [overflow-wrap:anywhere] before:absolute before:top-1/2 before:left-2 before:size-1 before:-translate-y-1/2 before:rounded-full before:bg-slate-300"
                  >
                    {detail}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </div>
      {/* The scroll margin keeps a focused button clear of the sticky navbar. */}
      <div className="flex shrink-0 gap-2 pl-6.5 sm:pl-0">
        <Button ref={editRef} variant="secondary" size="sm" aria-label={editLabel} onClick={onEdit} className="scroll-mt-24">
          <FormattedMessage id="common.edit" />
        </Button>
        <Button variant="danger-outline" size="sm" aria-label={deleteLabel} onClick={onDelete} className="scroll-mt-24">
          <FormattedMessage id="common.delete" />
        </Button>
      </div>
    </li>
  );
}
