import { useQueryClient } from "@tanstack/react-query";
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
} from "../../../components/ui/alert-dialog.js";
import { Button } from "../../../components/ui/button.js";
import { NativeSelect } from "../../../components/ui/native-select.js";
import { cancelInvitation } from "../api/invitations.js";
import { keys } from "../api/keys.js";
import { updateMemberRole } from "../api/members.js";
import { type CustomRole, deleteRole } from "../api/roles.js";
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
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [replacement, setReplacement] = useState("member");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const id = useId();
  // Only roles the user may hand out (the server refuses the others: docs/roles.md, no escalation).
  const { exceeds } = useRoleChoices();
  const choices = [...ROLES.filter((r) => r !== "owner" || isOwner(me.role)), ...otherRoles].filter((r) => !exceeds(r));
  const mayCancel = invitations.length === 0 || can({ invitation: ["cancel"] });
  const mayReassign = holders.length === 0 || can({ member: ["update"] });
  const mayDelete = mayReassign && mayCancel;

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      for (const invitation of invitations) await cancelInvitation(invitation.id);
      for (const member of holders) {
        const next = [...new Set(roleList(member.role).map((r) => (r === role.role ? replacement : r)))];
        await updateMemberRole(organization.id, member.id, next);
      }
      await deleteRole(organization.id, role.id);
      toast.success(t("rolesScreen.deleted", { role: role.role }));
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: keys.roles(organization.id) });
      await refresh();
    } catch (e) {
      setError(e);
      // Some members may have been moved already: show them as they are now.
      await refresh();
    } finally {
      setPending(false);
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (next) setError(null);
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
        <FormError error={error} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t("common.cancel")}</AlertDialogCancel>
          {mayDelete && (
            <Button variant="destructive" loading={pending} onClick={() => void confirm()}>
              {holders.length > 0 ? t("rolesScreen.reassignAndDelete") : t("rolesScreen.deleteConfirm")}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
