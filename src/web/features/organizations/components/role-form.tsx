import { useEffect, useId } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import { type CustomRole, useSaveRole } from "../api/roles.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { compactPermissions, MAX_ROLE_NAME, normalizeRoleName, roleNameProblem } from "../utils/permissions.js";
import { FormError } from "./form-error.js";
import { PermissionFields } from "./permission-fields.js";

/** Creating a custom role, or editing one (its name and permissions): the engine's create-role / update-role. */
export function RoleForm({
  role,
  taken,
  onDone,
}: {
  /** The role to edit; none to create one. */
  role?: CustomRole;
  /** Names of the organization's other custom roles. */
  taken: readonly string[];
  onDone: () => void;
}) {
  const { t } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  // The name is checked on submit only (its message stays until the next try); the focus stays put.
  const form = useForm({
    defaults: { name: role?.role ?? "", permission: { ...role?.permission } as Record<string, string[]> },
    validate: {
      name: (name) => {
        const why = roleNameProblem(name, taken);
        if (!why) return undefined;
        const messages = {
          required: t("rolesScreen.name_required"),
          format: t("rolesScreen.name_format"),
          tooLong: t("rolesScreen.nameTooLong", { count: MAX_ROLE_NAME }),
          builtIn: t("rolesScreen.name_builtIn"),
          taken: t("rolesScreen.name_taken"),
        };
        return messages[why];
      },
    },
    revalidate: "submit",
    focusInvalid: false,
  });
  const problem = form.errors.name;
  const save = useSaveRole(organization.id, {
    beforeRefetch: (_, { roleId, roleName }) => {
      const value = roleName ?? role?.role;
      toast.success(roleId ? t("rolesScreen.updated", { role: value }) : t("rolesScreen.created", { role: value }));
    },
    onSuccess: () => onDone(),
  });
  // Saved, the form is closing: it stays busy until then.
  const pending = save.isPending || save.isSuccess;
  const id = useId();
  // The form replaces the button that opened it: keyboard focus moves into it rather than to the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => form.focus("name"), []);
  const title = role ? t("rolesScreen.editTitle", { role: role.role }) : t("rolesScreen.createTitle");

  const onSubmit = form.handleSubmit(({ name, permission }) => {
    const value = normalizeRoleName(name);
    const permissions = compactPermissions(permission);
    if (role)
      save.mutate({ roleId: role.id, permission: permissions, ...(value !== role.role ? { roleName: value } : {}) });
    else save.mutate({ roleName: value, permission: permissions });
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={title} className="grid gap-4 rounded-lg border bg-muted/30 p-4">
      <h3 className="text-base font-semibold">{title}</h3>
      <div className="grid gap-2 sm:max-w-sm">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          {t("rolesScreen.name")}
        </label>
        <Input
          id={`${id}-name`}
          {...form.field("name")}
          maxLength={MAX_ROLE_NAME + 10}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-name-hint${problem ? ` ${id}-name-error` : ""}`}
        />
        <p id={`${id}-name-hint`} className="text-sm text-muted-foreground">
          {t("rolesScreen.nameHint")}
        </p>
        {problem && (
          <p id={`${id}-name-error`} className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("rolesScreen.permissionsLegend")}</legend>
        <PermissionFields
          idPrefix={id}
          value={form.values.permission}
          onChange={(next) => form.setValue("permission", next)}
          mayGrant={(resource, action) => can({ [resource]: [action] })}
        />
      </fieldset>
      <FormError error={save.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {role ? t("rolesScreen.save") : t("rolesScreen.create")}
        </Button>
        <Button type="button" variant="outline" disabled={pending} onClick={onDone}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
