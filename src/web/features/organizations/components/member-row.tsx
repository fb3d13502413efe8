import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { Button } from "@/components/ui/button.js";
import { formatDate } from "@/lib/format.js";
import { useRemoveMember } from "../api/members.js";
import type { Member } from "../api/types.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { isOwner, roleList } from "../utils/permissions.js";
import { FormError } from "./form-error.js";
import { MemberAvatar } from "./member-avatar.js";
import { MfaBadge } from "./mfa-badge.js";
import { RoleBadges } from "./role-badges.js";
import { useRoleChoices } from "./role-choices.js";
import { RoleEditor } from "./role-editor.js";

/**
 * One member. Changing roles needs member: update, removing needs member: delete (docs/roles.md); only an
 * owner may touch an owner or hand out the owner role, as the server enforces.
 */
export function MemberRow({ member }: { member: Member }) {
  const { t, i18n } = useOrgTranslation();
  const { organization, me, can } = useOrganizationScope();
  const [editing, setEditing] = useState(false);
  const isMe = member.userId === me.userId;
  const { exceeds } = useRoleChoices();
  // Only an owner touches an owner; nobody changes the roles of a member holding more than they do
  // (docs/roles.md).
  const mayTouch = isOwner(me.role) || !isOwner(member.role);
  const canEdit = can({ member: ["update"] }) && mayTouch && !roleList(member.role).some(exceeds);
  const canRemove = !isMe && can({ member: ["delete"] }) && mayTouch;
  const name = member.user.name || member.user.email;
  const remove = useRemoveMember(organization.id, member.id, {
    beforeRefetch: () => toast.success(t("members.removed", { name })),
  });
  // Removed, the row stays busy until the refetched list drops it.
  const removing = remove.isPending || remove.isSuccess;

  return (
    <li className="grid gap-3 rounded-lg border p-4" data-member={member.user.email}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <MemberAvatar user={member.user} />
        <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{member.user.name || member.user.email}</span>
            {isMe && <span className="text-xs font-normal text-muted-foreground">{t("members.you")}</span>}
          </span>
          <span className="text-muted-foreground break-all">{member.user.email}</span>
          <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
            <RoleBadges role={member.role} />
            <MfaBadge mfa={member.mfa} />
            <span>{t("members.joined", { date: formatDate(member.createdAt, i18n.language) })}</span>
          </span>
        </div>
        {(canEdit || canRemove) && !editing && (
          <div className="flex gap-2">
            {canEdit && (
              <Button
                variant="outline"
                size="sm"
                aria-label={t("members.changeRoleLabel", { name })}
                onClick={() => setEditing(true)}
              >
                {t("members.changeRole")}
              </Button>
            )}
            {canRemove && (
              <ConfirmDialog
                cancelLabel={t("common.cancel")}
                trigger={
                  <Button
                    variant="outline"
                    size="sm"
                    loading={removing}
                    aria-label={t("members.removeLabel", { name })}
                  >
                    {t("members.remove")}
                  </Button>
                }
                title={t("members.removeConfirmTitle", { name })}
                description={t("members.removeConfirmDescription", { organization: organization.name })}
                confirmLabel={t("members.remove")}
                destructive
                onConfirm={() => remove.mutate()}
              />
            )}
          </div>
        )}
      </div>
      <FormError error={remove.error} />
      {editing && (
        <RoleEditor
          member={member}
          name={name}
          allowOwner={isOwner(me.role)}
          // A change refetches the organization itself (useUpdateMemberRole), once the editor is closed.
          onDone={() => setEditing(false)}
        />
      )}
    </li>
  );
}
