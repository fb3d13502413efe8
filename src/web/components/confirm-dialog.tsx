import type { ReactElement, ReactNode } from "react";
import { ApiErrorAlert } from "./errors/api-error-alert.js";
import { FormDialog } from "./form-dialog.js";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./ui/alert-dialog.js";
import { Button } from "./ui/button.js";
import { DialogClose, DialogFooter } from "./ui/dialog.js";

/** The action a dialog waits for: a feature `api/` mutation hook's result, called with no variables. */
interface ConfirmedAction {
  mutate: (variables: undefined, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

interface Common {
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** In the caller's language, as every label: each feature translates its own screens. */
  cancelLabel: string;
  destructive?: boolean;
}

/** Confirming closes the dialog at once and runs `onConfirm`; the screen says how it went. */
interface Immediate extends Common {
  onConfirm: () => void;
}

/** Confirming runs `action` and waits: its failure shows inside the dialog, success closes it. */
interface Waiting extends Common {
  action: ConfirmedAction;
  /** The corner button's name. */
  closeLabel: string;
  /** More to say or show between the description and the buttons. */
  children?: ReactNode;
}

/**
 * "Are you sure?" before something that cannot be taken back. With `onConfirm`, an alert dialog that
 * closes on confirming (the first focus on Cancel; a click outside does nothing). With `action`, a modal
 * that stays open until the action succeeds, with its failure inside and a close button in the corner,
 * like the forms in dialogs beside it (the admin console's).
 */
export function ConfirmDialog(props: Immediate | Waiting) {
  return "action" in props ? <WaitingConfirm {...props} /> : <ImmediateConfirm {...props} />;
}

function ImmediateConfirm({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive,
  onConfirm,
}: Immediate) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function WaitingConfirm({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive,
  action,
  closeLabel,
  children,
}: Waiting) {
  return (
    <FormDialog
      trigger={trigger}
      title={title}
      description={description}
      closeLabel={closeLabel}
      onOpen={() => action.reset()}
    >
      {(close) => (
        <>
          {children}
          <ApiErrorAlert error={action.error} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </DialogClose>
            <Button
              variant={destructive ? "destructive" : "default"}
              loading={action.isPending}
              onClick={() => action.mutate(undefined, { onSuccess: close })}
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </>
      )}
    </FormDialog>
  );
}
