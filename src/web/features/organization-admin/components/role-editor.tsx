import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.js";
import { Checkbox } from "../../../components/ui/checkbox.js";
import { updateMemberRole } from "../api/members.js";
import type { Member } from "../api/types.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { ROLES, roleList } from "../utils/permissions.js";
import { FormError } from "./form-error.js";

/** A member's roles as checkboxes (SPEC §3: a member may hold several); the owner role only for owners to give. */
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
  const [roles, setRoles] = useState(() => roleList(member.role));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [empty, setEmpty] = useState(false);
  const choices = ROLES.filter((r) => r !== "owner" || allowOwner || roles.includes("owner"));

  async function save() {
    if (roles.length === 0) return setEmpty(true);
    setPending(true);
    setError(null);
    try {
      await updateMemberRole(organization.id, member.id, roles);
      toast.success(t("members.roleChanged", { name }));
      await onDone(true);
    } catch (e) {
      setError(e);
      setPending(false);
    }
  }

  return (
    <div className="grid gap-3 rounded-md bg-muted/50 p-3">
      <fieldset className="grid gap-2" aria-describedby={empty ? `roles-${member.id}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">{t("members.rolesOf", { name })}</legend>
        {choices.map((role) => {
          const id = `role-${member.id}-${role}`;
          return (
            <div key={role} className="flex items-start gap-3">
              <Checkbox
                id={id}
                className="mt-0.5"
                checked={roles.includes(role)}
                disabled={role === "owner" && !allowOwner}
                onChange={(e) => {
                  setEmpty(false);
                  setRoles((rs) =>
                    e.target.checked ? ROLES.filter((r) => r === role || rs.includes(r)) : rs.filter((r) => r !== role),
                  );
                }}
              />
              <label htmlFor={id} className="grid gap-0.5 text-sm">
                <span className="font-medium">{t(`roles.${role}`)}</span>
                <span className="text-muted-foreground">{t(`roleDescriptions.${role}`)}</span>
              </label>
            </div>
          );
        })}
      </fieldset>
      {empty && (
        <p id={`roles-${member.id}-error`} className="text-sm font-medium text-destructive">
          {t("members.roleRequired")}
        </p>
      )}
      <FormError error={error} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" loading={pending} onClick={() => void save()}>
          {t("members.saveRoles")}
        </Button>
        <Button size="sm" variant="outline" disabled={pending} onClick={() => void onDone(false)}>
          {t("common.cancel")}
        </Button>
      </div>
    </div>
  );
}
