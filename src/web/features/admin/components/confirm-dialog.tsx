import { type ReactElement, type ReactNode, useState } from "react";
import { ApiErrorAlert } from "../../../components/errors/api-error-alert.js";
import { Button } from "../../../components/ui/button.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog.js";

/** The action a dialog confirms: a feature `api/` mutation hook's result. */
interface ConfirmedAction {
  mutate: (variables: undefined, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

/** "Are you sure?" for one action: the failure shows inside the dialog, success closes it. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  destructive = false,
  action,
  children,
}: {
  trigger: ReactElement;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  action: ConfirmedAction;
  children?: ReactNode;
}) {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState(false);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) action.reset();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <ApiErrorAlert error={action.error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("common.cancel")}</Button>
          </DialogClose>
          <Button
            variant={destructive ? "destructive" : "default"}
            loading={action.isPending}
            onClick={() => action.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
