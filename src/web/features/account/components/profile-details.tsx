import { BadgeCheck, CircleAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "../../../components/errors/api-error-alert.js";
import { Button } from "../../../components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.js";
import { FormField } from "../../../components/ui/form-field.js";
import { Input } from "../../../components/ui/input.js";
import { useForm } from "../../../hooks/use-form.js";
import type { SessionUser } from "../../../lib/auth-client.js";
import { formatDate } from "../../../lib/format.js";
import { nameValidator } from "../../../lib/validators.js";
import { updateName } from "../api/update-name.js";

/** Who the user is (e-mail, verification, member since) and their display name, editable. */
export function ProfileDetails({
  user,
  save = updateName,
}: {
  user: SessionUser;
  save?: (name: string) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm({ defaults: { name: user.name }, validate: { name: nameValidator(t) } });
  const { errors, isSubmitting } = form;
  const isDirty = form.values.name.trim() !== user.name;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setError(null);
    setSaved(false);
    try {
      await save(name.trim());
      setSaved(true);
    } catch (e) {
      setError(e);
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.title")}</CardTitle>
        <CardDescription>{t("profile.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">{t("fields.email")}</dt>
          <dd className="flex flex-wrap items-center gap-2 break-all">
            {user.email}
            {user.emailVerified ? (
              <span className="inline-flex items-center gap-1 text-success">
                <BadgeCheck className="size-4" aria-hidden="true" />
                {t("profile.verified")}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 text-destructive">
                <CircleAlert className="size-4" aria-hidden="true" />
                {t("profile.unverified")}
              </span>
            )}
          </dd>
          <dt className="text-muted-foreground">{t("profile.memberSince")}</dt>
          <dd>{formatDate(user.createdAt, i18n.language)}</dd>
        </dl>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-md" aria-label={t("profile.nameFormLabel")}>
          <ApiErrorAlert error={error} />
          {saved && !isDirty && (
            <p role="status" className="text-sm text-success">
              {t("profile.saved")}
            </p>
          )}
          <FormField label={t("fields.name")} error={errors.name}>
            {(control) => <Input autoComplete="name" {...control} {...form.field("name")} />}
          </FormField>
          <div>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t("common.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
