import { useId, useState } from "react";
import { toast } from "sonner";
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
import { NativeSelect } from "@/components/ui/native-select.js";
import { type CustomRole, useDeleteRole } from "../api/roles.js";
import type { Invitation, Member } from "../api/types.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { isOwner, ROLES, roleList } from "../utils/permissions.js";
import { FormError } from "./form-error.js";
import { useRoleChoices } from "./role-choices.js";

/**
 * Deleting a custom role. The engine refuses while members hold it (ROLE_IS_ASSIGNED_TO_MEMBERS), so
 * the dialog lists them and gives each the role chosen here instead (update-member-role), then deletes.
 */
export function DeleteRoleDialog({
  role,
  holders,
  invitations,
  otherRoles,
}: {
  role: CustomRole;
  holders: Member[];
  /** Pending invitations that would give the role: the server refuses the deletion while they wait. */
  invitations: Invitation[];
  /** The other custom roles' names, offered as replacements. */
  otherRoles: readonly string[];
}) {
  const { t } = useOrgTranslation();
  const { organization, me, can, refresh } = useOrganizationScope();
  const [open, setOpen] = useState(false);
  const [replacement, setReplacement] = useState("member");
  const remove = useDeleteRole(organization.id, {
    beforeRefetch: () => {
      toast.success(t("rolesScreen.deleted", { role: role.role }));
      setOpen(false);
    },
    // Some members may have been moved already: show them as they are now.
    onError: () => refresh(),
  });
  const pending = remove.isPending;
  const id = useId();
  // Only roles the user may hand out (the server refuses the others: docs/roles.md, no escalation).
  const { exceeds } = useRoleChoices();
  const choices = [...ROLES.filter((r) => r !== "owner" || isOwner(me.role)), ...otherRoles].filter((r) => !exceeds(r));
  const mayCancel = invitations.length === 0 || can({ invitation: ["cancel"] });
  const mayReassign = holders.length === 0 || can({ member: ["update"] });
  const mayDelete = mayReassign && mayCancel;

  function confirm() {
    remove.mutate({
      roleId: role.id,
      invitationIds: invitations.map((i) => i.id),
      reassign: holders.map((member) => ({
        memberId: member.id,
        roles: [...new Set(roleList(member.role).map((r) => (r === role.role ? replacement : r)))],
      })),
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (next) remove.reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t("rolesScreen.deleteLabel", { role: role.role })}>
          {t("rolesScreen.delete")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("rolesScreen.deleteTitle", { role: role.role })}</AlertDialogTitle>
          <AlertDialogDescription>
            {holders.length === 0
              ? t("rolesScreen.deleteDescription")
              : mayReassign
                ? t("rolesScreen.deleteHeldDescription", { count: holders.length })
                : t("rolesScreen.deleteHeldNotAllowed", { count: holders.length })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {invitations.length > 0 && (
          <div className="grid gap-2 text-sm">
            <p>
              {mayCancel
                ? t("rolesScreen.invitationsCancelled", { count: invitations.length })
                : t("rolesScreen.invitationsNotAllowed", { count: invitations.length })}
            </p>
            <ul className="grid gap-1" aria-label={t("rolesScreen.invitationsLabel", { role: role.role })}>
              {invitations.map((i) => (
                <li key={i.id} className="break-all text-muted-foreground">
                  {i.email}
                </li>
              ))}
            </ul>
          </div>
        )}
        {holders.length > 0 && (
          <div className="grid gap-3">
            <ul className="grid gap-1 text-sm" aria-label={t("rolesScreen.holders", { role: role.role })}>
              {holders.map((m) => (
                <li key={m.id} className="break-all">
                  <span className="font-medium">{m.user.name || m.user.email}</span>{" "}
                  <span className="text-muted-foreground">{m.user.email}</span>
                </li>
              ))}
            </ul>
            {mayReassign && (
              <div className="grid gap-2">
                <label htmlFor={`${id}-replacement`} className="text-sm font-medium">
                  {t("rolesScreen.replacement")}
                </label>
                <NativeSelect
                  id={`${id}-replacement`}
                  value={replacement}
                  onChange={(e) => setReplacement(e.target.value)}
                >
                  {choices.map((r) => (
                    <option key={r} value={r}>
                      {(ROLES as readonly string[]).includes(r) ? t(`roles.${r}`) : r}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            )}
          </div>
        )}
        <FormError error={remove.error} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t("common.cancel")}</AlertDialogCancel>
          {mayDelete && (
            <Button variant="destructive" loading={pending} onClick={confirm}>
              {holders.length > 0 ? t("rolesScreen.reassignAndDelete") : t("rolesScreen.deleteConfirm")}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
