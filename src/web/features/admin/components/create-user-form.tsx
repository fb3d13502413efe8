import { ArrowLeft } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { Label } from "@/components/ui/label.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useForm } from "@/hooks/use-form.js";
import { usePublicConfig } from "@/lib/public-config.js";
import { emailValidator, nameValidator, newPasswordValidator } from "@/lib/validators.js";
import { TEXT_LIMITS } from "@/shared/input-limits.js";
import { SITE_ROLE_NAMES, useAdminPermissions } from "../api/permissions.js";
import { useCreateUser } from "../api/user-actions.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { siteRoleName } from "../lib/labels.js";
import { NotAllowed } from "./not-allowed.js";

/** A new account with a password, its roles, and whether its e-mail address counts as verified. */
export function CreateUserForm() {
  const { t } = useAdminTranslation();
  const { t: appT } = useTranslation();
  useDocumentTitle(t("create.title"));
  const id = useId();
  const { config } = usePublicConfig();
  const { can, isPending } = useAdminPermissions();
  const navigate = useNavigate();
  const create = useCreateUser({
    onSuccess: ({ user }, { email }) => {
      toast.success(t("create.done", { email }));
      navigate(paths.adminUser.getHref(user.id));
    },
  });
  const [roles, setRoles] = useState<string[]>(["user"]);
  const [rolesMissing, setRolesMissing] = useState(false);
  const form = useForm({
    defaults: { name: "", email: "", password: "", emailVerified: true },
    validate: {
      name: nameValidator(appT),
      email: emailValidator(appT),
      password: newPasswordValidator(appT, config.passwordPolicy),
    },
  });
  const setRolesAllowed = can({ user: ["set-role"] });

  const onSubmit = form.handleSubmit((values) => {
    if (setRolesAllowed && roles.length === 0) {
      setRolesMissing(true);
      return;
    }
    create.mutate({
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      password: values.password,
      // Without set-role rights the engine refuses any role, so none is sent and the default applies.
      roles: setRolesAllowed ? roles : [],
      emailVerified: values.emailVerified,
    });
  });

  if (!isPending && !can({ user: ["create"] })) return <NotAllowed />;

  return (
    <div className="grid gap-4">
      <Link
        to={paths.admin.getHref()}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("user.back")}
      </Link>
      <Card>
        <CardHeader>
          <CardTitle>{t("create.title")}</CardTitle>
          <CardDescription>{t("create.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" aria-label={t("create.title")}>
            <ApiErrorAlert error={create.error} />
            <FormField label={appT("fields.name")} error={form.errors.name}>
              {(control) => (
                <Input autoComplete="off" maxLength={TEXT_LIMITS.user.name} {...control} {...form.field("name")} />
              )}
            </FormField>
            <FormField label={appT("fields.email")} error={form.errors.email}>
              {(control) => (
                <Input
                  type="email"
                  autoComplete="off"
                  inputMode="email"
                  maxLength={TEXT_LIMITS.user.email}
                  {...control}
                  {...form.field("email")}
                />
              )}
            </FormField>
            <FormField
              label={appT("fields.password")}
              hint={appT("password.lengthHint", {
                min: config.passwordPolicy.minLength,
                max: config.passwordPolicy.maxLength,
              })}
              error={form.errors.password}
            >
              {(control) => (
                <PasswordInput
                  autoComplete="new-password"
                  showLabel={appT("password.show")}
                  hideLabel={appT("password.hide")}
                  {...control}
                  {...form.field("password")}
                />
              )}
            </FormField>
            {setRolesAllowed && (
              <fieldset className="grid gap-3" aria-describedby={rolesMissing ? `${id}-roles-missing` : undefined}>
                <legend className="mb-1 text-sm font-medium">{t("create.roles")}</legend>
                {SITE_ROLE_NAMES.map((role) => (
                  <div key={role} className="flex items-center gap-2">
                    <Checkbox
                      id={`${id}-${role}`}
                      checked={roles.includes(role)}
                      aria-invalid={rolesMissing || undefined}
                      onChange={(e) => {
                        const next = e.target.checked ? [...roles, role] : roles.filter((r) => r !== role);
                        setRoles(SITE_ROLE_NAMES.filter((r) => next.includes(r)));
                        if (next.length) setRolesMissing(false);
                      }}
                    />
                    <Label htmlFor={`${id}-${role}`}>{siteRoleName(role, t)}</Label>
                  </div>
                ))}
                {rolesMissing && (
                  <p id={`${id}-roles-missing`} className="text-sm font-medium text-destructive">
                    {t("user.role.required")}
                  </p>
                )}
              </fieldset>
            )}
            <div className="grid gap-1">
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-verified`}
                  aria-describedby={`${id}-verified-hint`}
                  {...form.field("emailVerified")}
                />
                <Label htmlFor={`${id}-verified`}>{t("create.emailVerified")}</Label>
              </div>
              <p id={`${id}-verified-hint`} className="text-sm text-muted-foreground">
                {t("create.emailVerifiedHint")}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={create.isPending}>
                {t("create.submit")}
              </Button>
              <Button asChild variant="outline">
                <Link to={paths.admin.getHref()}>{t("common.cancel")}</Link>
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
