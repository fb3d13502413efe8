import { ShieldCheck } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { FormDialog } from "@/components/form-dialog.js";
import { Button } from "@/components/ui/button.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { DialogClose, DialogFooter } from "@/components/ui/dialog.js";
import { Label } from "@/components/ui/label.js";
import { useForm } from "@/hooks/use-form.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { CONSOLE_PERMISSIONS } from "../api/admin-access.js";
import { ALL_SITE_PERMISSIONS, roleGrants, SITE_ROLE_NAMES } from "../api/permissions.js";
import { useSetUserRoles } from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { siteRoleName, splitRoles } from "../lib/labels.js";

/** What a set of roles grants together (any role suffices for each action), by resource. */
function grantsOf(roles: string[]): [string, string[]][] {
  const role = roles.join(",");
  return Object.entries(ALL_SITE_PERMISSIONS)
    .map(([resource, actions]): [string, string[]] => [
      resource,
      actions.filter((action) => roleGrants(role, { [resource]: [action] })),
    ])
    .filter(([, actions]) => actions.length > 0);
}

/** One or several site roles, built-in and custom (src/shared/permissions.ts), with what they grant. */
export function SetRoleDialog({ user }: { user: AdminUserView }) {
  const { t } = useAdminTranslation();
  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <ShieldCheck aria-hidden="true" />
          {t("user.actions.setRole")}
        </Button>
      }
      title={t("user.role.title", { name: user.name || user.email })}
      description={t("user.role.description")}
      closeLabel={t("common.close")}
    >
      {(close) => (
        <RoleForm
          user={user}
          onSaved={() => {
            toast.success(t("user.role.done"));
            close();
          }}
        />
      )}
    </FormDialog>
  );
}

function RoleForm({ user, onSaved }: { user: AdminUserView; onSaved: () => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  // Checked on submit; the message goes once a role is chosen. The focus goes to the first role.
  const form = useForm({
    defaults: { roles: splitRoles(user.role).filter((r) => SITE_ROLE_NAMES.includes(r)) },
    validate: { roles: (v) => (v.length ? undefined : t("user.role.required")) },
    revalidate: "submit",
  });
  const { roles } = form.values;
  const missing = !roles.length && Boolean(form.errors.roles);
  const save = useSetUserRoles(user.id, { beforeRefetch: onSaved });
  const grants = grantsOf(roles);
  const opensConsole = roles.length > 0 && roleGrants(roles.join(","), CONSOLE_PERMISSIONS);

  function toggle(role: string, on: boolean) {
    const next = on ? [...roles, role] : roles.filter((r) => r !== role);
    // Keep the order of src/shared/permissions.ts, so "user,admin" and "admin,user" are one choice.
    form.setValue(
      "roles",
      SITE_ROLE_NAMES.filter((r) => next.includes(r)),
    );
  }

  const submit = form.handleSubmit(({ roles }) => save.mutate(roles));

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <ApiErrorAlert error={save.error} />
      <fieldset className="grid gap-3" aria-describedby={missing ? `${id}-missing` : undefined}>
        <legend className="mb-1 text-sm font-medium">{t("user.role.legend")}</legend>
        {SITE_ROLE_NAMES.map((role, index) => (
          <div key={role} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${role}`}
              ref={index === 0 ? form.focusRef("roles") : undefined}
              checked={roles.includes(role)}
              aria-invalid={missing || undefined}
              onChange={(e) => toggle(role, e.target.checked)}
            />
            <Label htmlFor={`${id}-${role}`}>{siteRoleName(role, t)}</Label>
          </div>
        ))}
        {missing && (
          <p id={`${id}-missing`} className="text-sm font-medium text-destructive">
            {t("user.role.required")}
          </p>
        )}
      </fieldset>
      <div className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm" aria-live="polite">
        <p className="font-medium">{opensConsole ? t("user.role.opensConsole") : t("user.role.noConsole")}</p>
        {grants.length > 0 ? (
          <ul className="grid gap-1 text-muted-foreground">
            {grants.map(([resource, actions]) => (
              <li key={resource}>
                <span className="font-mono">{resource}</span>: <span className="font-mono">{actions.join(", ")}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">{t("user.role.grantsNothing")}</p>
        )}
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t("common.cancel")}</Button>
        </DialogClose>
        <Button type="submit" loading={save.isPending}>
          {t("user.role.save")}
        </Button>
      </DialogFooter>
    </form>
  );
}
