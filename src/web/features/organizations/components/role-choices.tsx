import { Checkbox } from "@/components/ui/checkbox.js";
import { useCustomRoles } from "../api/roles.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import {
  builtInPermissions,
  isBuiltInRole,
  type Permissions,
  RESOURCES,
  ROLES,
  STATEMENTS,
} from "../utils/permissions.js";

/**
 * The roles a member can be given: the built-in ones and the organization's custom roles (when the user
 * may read them, ac: read). `beyond` names those holding a permission the user lacks: the server
 * refuses to hand those out (docs/roles.md, no escalation), so they are not offered.
 */
export function useRoleChoices(current: readonly string[] = []) {
  const { organization, can } = useOrganizationScope();
  const custom = useCustomRoles(organization.id, can({ ac: ["read"] }));
  const permissionsOf = new Map<string, Permissions>((custom.data ?? []).map((r) => [r.role, r.permission]));
  for (const r of ROLES) permissionsOf.set(r, builtInPermissions(r));
  const names: string[] = [...ROLES, ...(custom.data ?? []).map((r) => r.role).sort((a, b) => a.localeCompare(b))];
  // A role held now but not listed (a custom role this user may not read) stays visible, to keep or drop.
  for (const r of current) if (!names.includes(r)) names.push(r);
  const exceeds = (role: string) => {
    const permissions = permissionsOf.get(role);
    return !!permissions && !can(permissions);
  };
  return { names, permissionsOf, beyond: names.filter(exceeds), exceeds };
}

/** Several roles as checkboxes (docs/behaviour.md#data: a member may hold several), each with what it allows. */
export function RoleChoices({
  idPrefix,
  legend,
  names,
  permissionsOf,
  selected,
  onChange,
  locked = [],
  describedBy,
}: {
  idPrefix: string;
  legend: string;
  names: readonly string[];
  permissionsOf: Map<string, Permissions>;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  /** Roles shown but not changeable here (the owner role for non-owners). */
  locked?: readonly string[];
  describedBy?: string;
}) {
  const { t } = useOrgTranslation();
  const describe = (role: string) => {
    if (isBuiltInRole(role)) return t(`roleDescriptions.${role}`);
    const permissions = permissionsOf.get(role);
    if (!permissions) return t("rolesScreen.customRole");
    const actions = RESOURCES.flatMap((r) =>
      STATEMENTS[r]!.filter((a) => permissions[r]?.includes(a)).map((a) => t(`permissions.actions.${r}.${a}`)),
    );
    return actions.length ? actions.join(", ") : t("rolesScreen.nothing");
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {names.map((role) => {
        const id = `${idPrefix}-${role}`;
        return (
          <div key={role} className="flex items-start gap-3">
            <Checkbox
              id={id}
              className="mt-0.5"
              checked={selected.includes(role)}
              disabled={locked.includes(role)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? names.filter((r) => r === role || selected.includes(r))
                    : selected.filter((r) => r !== role),
                )
              }
            />
            <label htmlFor={id} className="grid min-w-0 gap-0.5 text-sm">
              <span className="font-medium break-words">{isBuiltInRole(role) ? t(`roles.${role}`) : role}</span>
              <span className="text-muted-foreground">{describe(role)}</span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
