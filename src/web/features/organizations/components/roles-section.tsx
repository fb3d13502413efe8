import { useState } from "react";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useInvitations } from "../api/invitations.js";
import { useMembers } from "../api/members.js";
import { useCustomRoles } from "../api/roles.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { builtInPermissions, ROLES, roleList } from "../utils/permissions.js";
import { DeleteRoleDialog } from "./delete-role-dialog.js";
import { PermissionSummary } from "./permission-fields.js";
import { RoleForm } from "./role-form.js";

/**
 * The organization's roles (ac: read): the built-in ones, fixed in code and shown read-only with what
 * they allow, and the custom ones, which ac: create / update / delete let the user add, edit and delete.
 */
export function RolesSection() {
  const { t } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  const mayRead = can({ ac: ["read"] });
  const roles = useCustomRoles(organization.id, mayRead);
  const members = useMembers(organization.id);
  // Pending invitations carrying a role hold up its deletion; listing them needs invitation: create.
  const invitations = useInvitations(organization.id, mayRead && can({ invitation: ["create"] }));
  // "new", a role id being edited, or nothing.
  const [editing, setEditing] = useState<string | null>(null);
  // Closing a form puts keyboard focus back on the button that opened it (or the role's, once renamed).
  const close = (back: string) => {
    setEditing(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-focus-after-edit="${back}"]`)?.focus());
  };
  useDocumentTitle(t("rolesScreen.title", { organization: organization.name }));

  if (!mayRead) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("rolesScreen.heading")}</CardTitle>
          <CardDescription>{t("rolesScreen.notAllowed")}</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const custom = [...(roles.data ?? [])].sort((a, b) => a.role.localeCompare(b.role));
  const names = custom.map((r) => r.role);
  const holdersOf = (role: string) => (members.data?.members ?? []).filter((m) => roleList(m.role).includes(role));
  const carrying = (role: string) =>
    (invitations.data ?? []).filter(
      (i) => i.status === "pending" && new Date(i.expiresAt).getTime() > Date.now() && roleList(i.role).includes(role),
    );
  const mayCreate = can({ ac: ["create"] });
  const mayUpdate = can({ ac: ["update"] });
  const mayDelete = can({ ac: ["delete"] });

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("rolesScreen.customHeading")}</CardTitle>
          <CardDescription>
            {mayCreate || mayUpdate || mayDelete ? t("rolesScreen.description") : t("rolesScreen.readOnly")}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {mayCreate && editing !== "new" && (
            <div>
              <Button data-focus-after-edit="new" onClick={() => setEditing("new")}>
                {t("rolesScreen.create")}
              </Button>
            </div>
          )}
          {editing === "new" && <RoleForm taken={names} onDone={() => close("new")} />}
          {roles.isPending || members.isPending ? (
            <Spinner label={t("common.loading")} />
          ) : roles.isError || members.isError ? (
            <ApiErrorAlert error={roles.error ?? members.error} />
          ) : custom.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("rolesScreen.customEmpty")}</p>
          ) : (
            <ul className="grid gap-3" aria-label={t("rolesScreen.customHeading")}>
              {custom.map((role) => {
                const holders = holdersOf(role.role);
                return (
                  <li key={role.id} className="grid gap-3 rounded-lg border p-4" data-role={role.role}>
                    {editing === role.id ? (
                      <RoleForm
                        role={role}
                        taken={names.filter((n) => n !== role.role)}
                        onDone={() => close(role.id)}
                      />
                    ) : (
                      <>
                        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
                          <div className="grid min-w-0 flex-1 gap-1">
                            <h3 className="font-semibold break-words">{role.role}</h3>
                            <p className="text-sm text-muted-foreground">
                              {t("rolesScreen.heldBy", { count: holders.length })}
                            </p>
                          </div>
                          {(mayUpdate || mayDelete) && (
                            <div className="flex flex-wrap gap-2">
                              {mayUpdate && (
                                <Button
                                  variant="outline"
                                  size="sm"
                                  aria-label={t("rolesScreen.editLabel", { role: role.role })}
                                  data-focus-after-edit={role.id}
                                  onClick={() => setEditing(role.id)}
                                >
                                  {t("rolesScreen.edit")}
                                </Button>
                              )}
                              {mayDelete && (
                                <DeleteRoleDialog
                                  role={role}
                                  holders={holders}
                                  invitations={carrying(role.role)}
                                  otherRoles={names.filter((n) => n !== role.role)}
                                />
                              )}
                            </div>
                          )}
                        </div>
                        <PermissionSummary permissions={role.permission} />
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("rolesScreen.builtInHeading")}</CardTitle>
          <CardDescription>{t("rolesScreen.builtInDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-3" aria-label={t("rolesScreen.builtInHeading")}>
            {ROLES.map((role) => (
              <li key={role} className="grid gap-2 rounded-lg border p-4" data-role={role}>
                <div className="grid gap-0.5">
                  <h3 className="font-semibold">{t(`roles.${role}`)}</h3>
                  <p className="text-sm text-muted-foreground">
                    {t(`roleDescriptions.${role}`)} {t("rolesScreen.heldBy", { count: holdersOf(role).length })}
                  </p>
                </div>
                <PermissionSummary permissions={builtInPermissions(role)} />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
