import { BadgeCheck, CircleAlert, MailCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useCountdown } from "@/hooks/use-countdown.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useForm } from "@/hooks/use-form.js";
import type { SessionUser } from "@/lib/auth-client.js";
import { emailValidator } from "@/lib/validators.js";
import { useChangeEmail, useEmailVerificationStatus, useSendVerification } from "../api/email.js";
import { useDescribeError } from "../hooks/use-describe-error.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";

/** The sign-in address: its state, and the change flow with its two confirmation mails. */
export function EmailSection({ user }: { user: SessionUser }) {
  const { t } = useSettingsTranslation();
  const { t: appT } = useTranslation();
  const describeError = useDescribeError();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useChangeEmail({ beforeRefetch: (_, newEmail) => setSentTo(newEmail.toLowerCase()) });
  const error = change.error ? describeError(change.error) : null;
  const validEmail = emailValidator(appT);
  const form = useForm({
    defaults: { newEmail: "" },
    validate: {
      // docs/behaviour.md#e-mail-change: the new address must differ from the current one; say so before asking the server.
      newEmail: (v) =>
        validEmail(v) ?? (v.trim().toLowerCase() === user.email.toLowerCase() ? t("email.same") : undefined),
    },
  });
  useDocumentTitle(t("email.title"));

  const onSubmit = form.handleSubmit(({ newEmail }) => change.mutate(newEmail.trim()));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("email.title")}</CardTitle>
        <CardDescription>{t("email.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-1 text-sm">
          <dt className="text-muted-foreground">{t("email.current")}</dt>
          <dd className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-all">{user.email}</span>
            {user.emailVerified ? (
              <span className="inline-flex items-center gap-1 font-normal text-success">
                <BadgeCheck className="size-4" aria-hidden="true" />
                {t("email.verified")}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1 font-normal text-destructive">
                <CircleAlert className="size-4" aria-hidden="true" />
                {t("email.unverified")}
              </span>
            )}
          </dd>
        </dl>
        {!user.emailVerified && <ResendVerification email={user.email} />}

        {sentTo ? (
          <Alert>
            <MailCheck aria-hidden="true" />
            <AlertTitle>{t("email.sentTitle")}</AlertTitle>
            <AlertDescription>
              <p>
                {user.emailVerified
                  ? t("email.sentVerified", { newEmail: sentTo, email: user.email })
                  : t("email.sentUnverified", { newEmail: sentTo })}
              </p>
              <p>{t("email.sentPrivacy")}</p>
              <div className="pt-2">
                <Button variant="outline" size="sm" onClick={() => setSentTo(null)}>
                  {t("email.anotherChange")}
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : (
          <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:max-w-md" aria-label={t("email.formLabel")}>
            {error && (
              <Alert variant="destructive">
                <CircleAlert aria-hidden="true" />
                <AlertDescription>
                  <p>{error}</p>
                </AlertDescription>
              </Alert>
            )}
            <FormField label={t("email.newEmail")} hint={t("email.newEmailHint")} error={form.errors.newEmail}>
              {(control) => (
                <Input type="email" autoComplete="email" inputMode="email" {...control} {...form.field("newEmail")} />
              )}
            </FormField>
            <div>
              <Button type="submit" loading={change.isPending}>
                {t("email.submit")}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * An unverified address: says when the last verification link went out (GET
 * /api/account/email-verification), so nobody is asked to send one that is already on its way, and
 * offers another once a minute has passed, counting down until then.
 */
function ResendVerification({ email }: { email: string }) {
  const { t, i18n } = useSettingsTranslation();
  const describeError = useDescribeError();
  const status = useEmailVerificationStatus(email);
  const send = useSendVerification();
  const error = send.error ? describeError(send.error) : null;
  const resendAt = status.data?.resendAt;
  const wait = useCountdown(resendAt ? Date.parse(resendAt) : undefined);
  const sentAt = status.data?.sentAt ? new Date(status.data.sentAt) : null;
  return (
    <div className="grid gap-2 rounded-lg border p-4 text-sm">
      <p>{t("email.unverifiedHint")}</p>
      {sentAt && (
        <p role="status" className="text-success">
          {t("email.linkSent", {
            email,
            time: new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" }).format(sentAt),
          })}
        </p>
      )}
      {error && (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          loading={send.isPending}
          disabled={status.isPending || wait > 0}
          onClick={() => send.mutate(email)}
        >
          {wait > 0 ? t("email.resendIn", { seconds: wait }) : sentAt ? t("email.resendAnother") : t("email.resend")}
        </Button>
      </div>
    </div>
  );
}
