import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { useUpdateMemberRole } from "../api/members.js";
import type { Member } from "../api/types.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { roleList } from "../utils/permissions.js";
import { FormError } from "./form-error.js";
import { RoleChoices, useRoleChoices } from "./role-choices.js";

/**
 * A member's roles as checkboxes (docs/behaviour.md#data: a member may hold several), built-in and custom; the owner
 * role only for owners to give.
 */
export function RoleEditor({
  member,
  name,
  allowOwner,
  onDone,
}: {
  member: Member;
  name: string;
  allowOwner: boolean;
  onDone: (changed: boolean) => void | Promise<void>;
}) {
  const { t } = useOrgTranslation();
  const { organization } = useOrganizationScope();
  const [initial] = useState(() => roleList(member.role));
  const [roles, setRoles] = useState(initial);
  const update = useUpdateMemberRole(organization.id, member.id, {
    beforeRefetch: async () => {
      toast.success(t("members.roleChanged", { name }));
      await onDone(true);
    },
  });
  // Saved, the editor is closing: it stays busy until then.
  const pending = update.isPending || update.isSuccess;
  const [empty, setEmpty] = useState(false);
  const { names, permissionsOf, beyond } = useRoleChoices(initial);
  const id = useId();

  function save() {
    if (roles.length === 0) return setEmpty(true);
    update.mutate(roles);
  }

  return (
    <div className="grid gap-3 rounded-md bg-muted/50 p-3">
      <RoleChoices
        idPrefix={`${id}-role`}
        legend={t("members.rolesOf", { name })}
        permissionsOf={permissionsOf}
        selected={roles}
        // Held roles beyond the user's own permissions stay as they are; others are not offered.
        names={names.filter((r) => !beyond.includes(r) || initial.includes(r))}
        locked={[...beyond, ...(allowOwner ? [] : ["owner"])]}
        describedBy={empty ? `${id}-error` : undefined}
        onChange={(next) => {
          setEmpty(false);
          setRoles(next);
        }}
      />
      {empty && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {t("members.roleRequired")}
        </p>
      )}
      <FormError error={update.error} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" loading={pending} onClick={save}>
          {t("members.saveRoles")}
        </Button>
        <Button size="sm" variant="outline" disabled={pending} onClick={() => void onDone(false)}>
          {t("common.cancel")}
        </Button>
      </div>
    </div>
  );
}
