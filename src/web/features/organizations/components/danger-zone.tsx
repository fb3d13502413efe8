import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Input } from "@/components/ui/input.js";
import { paths } from "@/config/paths.js";
import { useForm } from "@/hooks/use-form.js";
import { latestError } from "@/lib/query-client.js";
import { useDeleteOrganization, useLeaveOrganization } from "../api/organizations.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { FormError } from "./form-error.js";

/** Leaving (anyone; the last owner is refused by the server) and deleting (owners, after typing the address). */
export function DangerZone() {
  const { t } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  const navigate = useNavigate();
  const toList = () => navigate(paths.organizations.getHref(), { replace: true });
  const leave = useLeaveOrganization(organization.id, {
    beforeRefetch: () => toast.success(t("danger.left", { organization: organization.name })),
    onSuccess: toList,
  });
  const remove = useDeleteOrganization(organization.id, {
    beforeRefetch: () => toast.success(t("danger.deleted", { organization: organization.name })),
    onSuccess: toList,
  });
  // Done, the button stays busy until the list replaces this screen.
  const pending = leave.isPending || leave.isSuccess ? "leave" : remove.isPending || remove.isSuccess ? "delete" : null;
  const error = latestError(leave, remove);

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle as="h2">{t("danger.title")}</CardTitle>
        <CardDescription>{t("danger.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormError error={error} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-0.5 text-sm">
            <span className="font-medium">{t("danger.leaveTitle")}</span>
            <span className="text-muted-foreground">{t("danger.leaveDescription")}</span>
          </div>
          <ConfirmDialog
            cancelLabel={t("common.cancel")}
            trigger={
              <Button variant="outline" loading={pending === "leave"} disabled={pending !== null}>
                {t("danger.leave")}
              </Button>
            }
            title={t("danger.leaveConfirmTitle", { organization: organization.name })}
            description={t("danger.leaveConfirmDescription")}
            confirmLabel={t("danger.leave")}
            destructive
            onConfirm={() => leave.mutate()}
          />
        </div>
        {can({ organization: ["delete"] }) && (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
            <div className="grid gap-0.5 text-sm">
              <span className="font-medium">{t("danger.deleteTitle")}</span>
              <span className="text-muted-foreground">{t("danger.deleteDescription")}</span>
            </div>
            <DeleteDialog
              slug={organization.slug}
              name={organization.name}
              pending={pending === "delete"}
              disabled={pending !== null}
              onConfirm={() => remove.mutate()}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Deleting asks for the organization's address to be typed: a deliberate act, not a slip of the mouse. */
function DeleteDialog({
  slug,
  name,
  pending,
  disabled,
  onConfirm,
}: {
  slug: string;
  name: string;
  pending: boolean;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const { t } = useOrgTranslation();
  const form = useForm({ defaults: { typed: "" } });
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        form.clear("typed");
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive" loading={pending} disabled={disabled}>
          {t("danger.delete")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          form.focus("typed");
        }}
      >
        <form
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ typed }) => {
            if (typed !== slug) return;
            setOpen(false);
            onConfirm();
          })}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{t("danger.deleteConfirmTitle", { organization: name })}</AlertDialogTitle>
            <AlertDialogDescription>{t("danger.deleteConfirmDescription")}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <label htmlFor={id} className="text-sm font-medium">
              {t("danger.typeSlug", { slug })}
            </label>
            <Input id={id} autoComplete="off" spellCheck={false} {...form.field("typed")} />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={form.values.typed !== slug}>
              {t("danger.deleteForever")}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
