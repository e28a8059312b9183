import { useState, type FocusEvent, type KeyboardEvent } from "react";

/** Cells are found by this attribute, "row:column". */
const CELL = "data-grid-cell";

const cellOf = (element: Element | null): [number, number] | null => {
  const value = element?.getAttribute(CELL);
  if (!value) return null;
  const [row, column] = value.split(":").map(Number);
  return [row!, column!];
};

/**
 * Whether an arrow key leaves a text box sideways: the caret is at that end, or the whole text
 * is selected, as it is on arriving by the arrow keys.
 */
function atEdge(element: HTMLElement, toward: "start" | "end") {
  if (!(element instanceof HTMLInputElement) || element.type !== "text") return true;
  const { selectionStart, selectionEnd, value } = element;
  if (selectionStart === 0 && selectionEnd === value.length) return true;
  if (selectionStart !== selectionEnd) return false;
  return toward === "start" ? selectionStart === 0 : selectionEnd === value.length;
}

/**
 * A table of fields that is one stop for Tab: the arrow keys move between its cells (up and
 * down the rows, sideways once the caret is at a text's end), and Tab goes on past it. The
 * cell last used keeps the stop; when it is gone (`exists` says no: a day switched off) its
 * row's first cell, which always exists, has it.
 */
export function useRovingGrid(exists: (row: number, column: number) => boolean) {
  const [active, setActive] = useState<[number, number]>([0, 0]);

  const move = (container: HTMLElement, from: [number, number], key: string, target: HTMLElement): HTMLElement | undefined => {
    const [row, column] = from;
    const all = [...container.querySelectorAll<HTMLElement>(`[${CELL}]`)];
    if (key === "ArrowUp" || key === "ArrowDown") {
      const next = all.filter((cell) => cellOf(cell)?.[0] === row + (key === "ArrowUp" ? -1 : 1));
      // The same column, or the nearest one before it the row has.
      return next.filter((cell) => cellOf(cell)![1] <= column).at(-1) ?? next[0];
    }
    const forward = key === "ArrowRight";
    if (!atEdge(target, forward ? "end" : "start")) return undefined;
    const index = all.indexOf(target);
    return all[index + (forward ? 1 : -1)];
  };

  return {
    containerProps: {
      onFocus: (event: FocusEvent<HTMLElement>) => {
        const cell = cellOf(event.target);
        if (cell) setActive(cell);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (!["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
        const from = cellOf(event.target as Element);
        if (!from) return;
        const next = move(event.currentTarget, from, event.key, event.target as HTMLElement);
        if (!next) return;
        event.preventDefault();
        next.focus();
        if (next instanceof HTMLInputElement && next.type === "text") next.select();
      },
    },
    /** Spread onto each focusable cell. */
    cell: (row: number, column: number) => {
      const [activeRow, activeColumn] = active;
      const holder = exists(activeRow, activeColumn) ? active : [activeRow, 0];
      return { [CELL]: `${row}:${column}`, tabIndex: holder[0] === row && holder[1] === column ? 0 : -1 };
    },
  };
}
