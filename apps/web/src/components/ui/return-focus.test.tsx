import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { Dialog, DialogClose, DialogContent, DialogTitle } from "./dialog";

/** A dialog opened by a plain button, not a Radix Trigger (as the CRM's add-contact dialog is). */
function Opener({ disableOpener = false }: { disableOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const fallback = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={fallback}>
        fallback
      </button>
      <button type="button" disabled={disableOpener && open} onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          closeLabel="close"
          aria-describedby={undefined}
          returnFocus={disableOpener ? fallback : undefined}
        >
          <DialogTitle>title</DialogTitle>
          <DialogClose>cancel</DialogClose>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("dialogs return focus", () => {
  it("to the button that opened them, closed by Escape, Cancel or ✕", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Opener />);
    const opener = screen.getByRole("button", { name: "open" });
    for (const close of [
      () => user.keyboard("{Escape}"),
      () => user.click(screen.getByRole("button", { name: "cancel" })),
      () => user.click(screen.getByRole("button", { name: "close" })),
    ]) {
      opener.focus();
      await user.keyboard("{Enter}");
      await screen.findByRole("dialog");
      expect(opener).not.toHaveFocus();
      await close();
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
      expect(opener).toHaveFocus();
    }
  });

  it("to the element named by returnFocus when the opener cannot take it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Opener disableOpener />);
    screen.getByRole("button", { name: "open" }).focus();
    await user.keyboard("{Enter}");
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.getByRole("button", { name: "fallback" })).toHaveFocus());
  });
});
