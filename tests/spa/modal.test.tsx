import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Modal } from "../../src/components/modal.tsx";
import { renderWithApp } from "./render.tsx";

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Details">
        <input aria-label="Inside" />
      </Modal>
    </>
  );
}

describe("modal", () => {
  it("traps focus inside, closes on Escape and gives focus back to what opened it", async () => {
    renderWithApp(<Opener />);
    const opener = screen.getByRole("button", { name: "Open details" });
    await userEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Details" });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.tab();
    await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
