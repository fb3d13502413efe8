import { MailCheck, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Checkbox } from "@/components/ui/checkbox.js";
import { FormField } from "@/components/ui/form-field.js";
import { PasswordInput } from "@/components/ui/password-input.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useForm } from "@/hooks/use-form.js";
import type { SessionUser } from "@/lib/auth-client.js";
import { requiredValidator } from "@/lib/validators.js";
import { CREDENTIAL, useLinkedAccounts } from "../api/accounts.js";
import { useRequestAccountDeletion, useSoleOwnerships } from "../api/delete-account.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";

/**
 * Deleting the account: what would be left without an owner, then the password (or, without one, a
 * recent sign-in), then a confirmation link by mail. Nothing is deleted until the link is opened.
 */
export function DeleteAccountSection({ user }: { user: SessionUser }) {
  const { t } = useSettingsTranslation();
  const accounts = useLinkedAccounts();
  const soleOwner = useSoleOwnerships(user.id);
  const [sent, setSent] = useState(false);
  useDocumentTitle(t("deleteAccount.title"));
  const hasPassword = accounts.data?.some((a) => a.providerId === CREDENTIAL) ?? false;

  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle as="h2">{t("deleteAccount.title")}</CardTitle>
        <CardDescription>{t("deleteAccount.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {soleOwner.isPending ? (
          <Spinner label={t("deleteAccount.checking")} />
        ) : soleOwner.isError ? (
          <ApiErrorAlert error={soleOwner.error} />
        ) : soleOwner.data.length > 0 ? (
          <Alert variant="destructive" role="status">
            <TriangleAlert aria-hidden="true" />
            <AlertTitle>{t("deleteAccount.soleOwnerTitle", { count: soleOwner.data.length })}</AlertTitle>
            <AlertDescription>
              <p>{t("deleteAccount.soleOwnerDescription")}</p>
              <ul className="list-disc pl-5">
                {soleOwner.data.map((o) => (
                  <li key={o.id}>
                    <Link className="underline underline-offset-4" to={paths.organization.getHref(o.slug)}>
                      {o.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        ) : null}

        {sent ? (
          <Alert>
            <MailCheck aria-hidden="true" />
            <AlertTitle>{t("deleteAccount.sentTitle")}</AlertTitle>
            <AlertDescription>
              <p>{t("deleteAccount.sentDescription", { email: user.email })}</p>
            </AlertDescription>
          </Alert>
        ) : accounts.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : accounts.isError ? (
          <ApiErrorAlert error={accounts.error} />
        ) : (
          <DeleteForm email={user.email} hasPassword={hasPassword} onSent={() => setSent(true)} />
        )}
      </CardContent>
    </Card>
  );
}

function DeleteForm({ email, hasPassword, onSent }: { email: string; hasPassword: boolean; onSent: () => void }) {
  const { t } = useSettingsTranslation();
  const request = useRequestAccountDeletion({ onSuccess: onSent });
  const form = useForm({
    defaults: { password: "", understood: false },
    validate: {
      password: hasPassword ? requiredValidator(t("deleteAccount.passwordRequired")) : undefined,
      understood: (v) => (v ? undefined : t("deleteAccount.confirmRequired")),
    },
  });

  const onSubmit = form.handleSubmit(({ password }) => request.mutate(hasPassword ? password : undefined));

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-md" aria-label={t("deleteAccount.formLabel")}>
      <p className="text-sm font-medium text-destructive">{t("deleteAccount.warning")}</p>
      <FormError error={request.error} />
      {hasPassword ? (
        <FormField
          label={t("deleteAccount.password")}
          hint={t("deleteAccount.mailHint", { email })}
          error={form.errors.password}
        >
          {(control) => (
            <PasswordInput
              autoComplete="current-password"
              showLabel={t("password.show")}
              hideLabel={t("password.hide")}
              {...control}
              {...form.field("password")}
            />
          )}
        </FormField>
      ) : (
        <p className="text-sm text-muted-foreground">{t("deleteAccount.mailHint", { email })}</p>
      )}
      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <Checkbox
            id="delete-understood"
            className="mt-0.5"
            aria-invalid={form.errors.understood ? true : undefined}
            aria-describedby={form.errors.understood ? "delete-understood-error" : undefined}
            {...form.field("understood")}
          />
          <label htmlFor="delete-understood" className="text-sm font-medium">
            {t("deleteAccount.confirm")}
          </label>
        </div>
        {form.errors.understood && (
          <p id="delete-understood-error" className="text-sm font-medium text-destructive">
            {form.errors.understood}
          </p>
        )}
      </div>
      <div>
        <Button type="submit" variant="destructive" loading={request.isPending}>
          {t("deleteAccount.submit")}
        </Button>
      </div>
    </form>
  );
}
