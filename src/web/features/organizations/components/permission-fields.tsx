import { Checkbox } from "@/components/ui/checkbox.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { type Permissions, RESOURCES, STATEMENTS } from "../utils/permissions.js";

/**
 * A role's permissions as checkboxes, one group per resource, every action in words. An action the
 * editing user does not hold stays disabled: the engine refuses to grant more than one has.
 */
export function PermissionFields({
  idPrefix,
  value,
  onChange,
  mayGrant,
}: {
  idPrefix: string;
  value: Permissions;
  onChange: (next: Record<string, string[]>) => void;
  mayGrant: (resource: string, action: string) => boolean;
}) {
  const { t } = useOrgTranslation();
  const hintId = `${idPrefix}-cannot-grant`;
  const anyLocked = RESOURCES.some((r) => STATEMENTS[r]!.some((a) => !mayGrant(r, a)));

  function toggle(resource: string, action: string, on: boolean) {
    const next: Record<string, string[]> = {};
    for (const r of RESOURCES) next[r] = [...(value[r] ?? [])];
    const actions = next[resource]!.filter((a) => a !== action);
    next[resource] = on ? STATEMENTS[resource]!.filter((a) => a === action || actions.includes(a)) : actions;
    onChange(next);
  }

  return (
    <div className="grid gap-4">
      {anyLocked && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {t("rolesScreen.cannotGrant")}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {RESOURCES.map((resource) => (
          <fieldset key={resource} className="grid content-start gap-2 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{t(`permissions.resources.${resource}`)}</legend>
            {STATEMENTS[resource]!.map((action) => {
              const id = `${idPrefix}-${resource}-${action}`;
              const locked = !mayGrant(resource, action);
              return (
                <div key={action} className="flex items-start gap-3">
                  <Checkbox
                    id={id}
                    className="mt-0.5"
                    checked={value[resource]?.includes(action) ?? false}
                    disabled={locked}
                    aria-describedby={locked ? hintId : undefined}
                    data-permission={`${resource}:${action}`}
                    onChange={(e) => toggle(resource, action, e.target.checked)}
                  />
                  <label htmlFor={id} className="text-sm peer-disabled:text-muted-foreground">
                    {t(`permissions.actions.${resource}.${action}`)}
                  </label>
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
    </div>
  );
}

/** What a role allows, in words: "Invitations: Invite people, Cancel invitations", one line per resource. */
export function PermissionSummary({ permissions }: { permissions: Permissions }) {
  const { t } = useOrgTranslation();
  const shown = RESOURCES.filter((r) => (permissions[r]?.length ?? 0) > 0);
  if (shown.length === 0) return <p className="text-sm text-muted-foreground">{t("rolesScreen.nothing")}</p>;
  return (
    <dl className="grid gap-1 text-sm">
      {shown.map((resource) => (
        <div key={resource} className="flex flex-wrap gap-x-1">
          <dt className="font-medium">
            {t("rolesScreen.resourceLabel", { resource: t(`permissions.resources.${resource}`) })}
          </dt>
          <dd className="text-muted-foreground">
            {STATEMENTS[resource]!.filter((a) => permissions[resource]!.includes(a))
              .map((a) => t(`permissions.actions.${resource}.${a}`))
              .join(", ")}
          </dd>
        </div>
      ))}
    </dl>
  );
}
