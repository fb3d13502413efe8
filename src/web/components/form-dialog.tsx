import { type ReactElement, type ReactNode, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "./ui/dialog.js";

interface FormDialogProps {
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  /** The corner button's name, in the caller's language (each feature translates its own screens). */
  closeLabel: string;
  /** Called each time the dialog opens (e.g. to clear a kept mutation's last failure). */
  onOpen?: () => void;
  /** The form; `close` shuts the dialog once what the form did has succeeded. */
  children: (close: () => void) => ReactNode;
}

/**
 * A form in a modal that `trigger` opens: it stays open until the form closes it (a failure shows in
 * the form), and the form starts afresh each time, as the dialog's content is unmounted when it closes.
 * ConfirmDialog (confirm-dialog.tsx) builds on it for an action with nothing to fill in.
 */
export function FormDialog({ trigger, title, description, closeLabel, onOpen, children }: FormDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={closeLabel}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}
