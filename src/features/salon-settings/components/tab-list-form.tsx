import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useToast } from "../../../components/toast/toast-context.ts";
import { DeleteConfirm, type DeleteTexts } from "./tab-delete-confirm.tsx";
import { ItemRow, type ItemRowProps } from "./tab-item-row.tsx";
import { AddButton } from "../../../components/add-button.tsx";
import { LoadFailed } from "../../../components/load-failed.tsx";

interface ListTexts {
  count: (count: number) => string;
  listLabel: string;
  add: string;
  loading: string;
  empty: string;
  loadFailed: string;
  /** The toast's words for a failed load; the list says `loadFailed` and offers `retry`. */
  loadFailedToast: string;
  retry: string;
  edit: (name: string) => string;
  delete: (name: string) => string;
  deletion: DeleteTexts;
}

/** What a row shows of an item. */
type RowView = Pick<ItemRowProps, "name" | "color" | "details" | "badge">;

interface ListFormTabProps<Item extends { id: string }> {
  query: UseQueryResult<Item[]>;
  texts: ListTexts;
  row: (item: Item) => RowView;
  onDelete: (item: Item) => Promise<unknown>;
  /** The add (no item) or edit form; `onClose` returns to the list after save or cancel. */
  Form: ComponentType<{ item: Item | undefined; onClose: () => void }>;
}

const ADD = Symbol("add");

/**
 * The spec's list view, then form view (add or edit), then back to the list. Focus follows:
 * into the form's first field, and back to the Add button or the edited row's Edit button.
 */
export function ListFormTab<Item extends { id: string }>({ query, texts, row, onDelete, Form }: ListFormTabProps<Item>) {
  const toast = useToast();
  const [editing, setEditing] = useState<{ item: Item | undefined } | null>(null);
  const [deleting, setDeleting] = useState<{ item: Item; open: boolean } | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  // Where focus goes once the list is back on screen.
  const returnFocus = useRef<string | typeof ADD | null>(null);

  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.show("error", texts.loadFailedToast);
  }, [isError, errorUpdatedAt, toast, texts.loadFailedToast]);

  useEffect(() => {
    const target = returnFocus.current;
    if (target === null || editing) return;
    returnFocus.current = null;
    (target === ADD ? addButton.current : (editButtons.current.get(target) ?? addButton.current))?.focus();
  });

  if (editing) {
    const { item } = editing;
    const close = () => {
      returnFocus.current = item ? item.id : ADD;
      setEditing(null);
    };
    return <Form key={item?.id ?? "new"} item={item} onClose={close} />;
  }

  const items = query.data;
  let body: ReactNode;
  if (items && items.length > 0) {
    body = (
      <ul aria-label={texts.listLabel} className="divide-y divide-slate-100">
        {items.map((item) => {
          const view = row(item);
          return (
            <ItemRow
              key={item.id}
              {...view}
              editLabel={texts.edit(view.name)}
              deleteLabel={texts.delete(view.name)}
              onEdit={() => setEditing({ item })}
              onDelete={() => setDeleting({ item, open: true })}
              editRef={(button) => {
                if (button) editButtons.current.set(item.id, button);
                else editButtons.current.delete(item.id);
              }}
            />
          );
        })}
      </ul>
    );
  } else if (items || query.isPending) {
    body = (
      <p role={items ? undefined : "status"} className="px-4 py-12 text-center text-slate-600 sm:px-6">
        {items ? texts.empty : texts.loading}
      </p>
    );
  } else {
    body = <LoadFailed inline message={texts.loadFailed} retryLabel={texts.retry} onRetry={() => void query.refetch()} />;
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <p className="text-sm text-slate-600">{items && texts.count(items.length)}</p>
        <AddButton ref={addButton} onClick={() => setEditing({ item: undefined })} className="scroll-mt-24">
          {texts.add}
        </AddButton>
      </div>
      {body}
      {deleting && (
        <DeleteConfirm
          open={deleting.open}
          name={row(deleting.item).name}
          texts={texts.deletion}
          onDelete={() => onDelete(deleting.item)}
          // The row and its Delete button are gone; the Add button is the nearest place to land.
          onDeleted={() => {
            returnFocus.current = ADD;
          }}
          onClose={() => setDeleting({ ...deleting, open: false })}
        />
      )}
    </section>
  );
}
