import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { paths } from "@/config/paths.js";
import { useForm } from "@/hooks/use-form.js";
import { formatDuration } from "@/lib/format.js";
import { emailValidator } from "@/lib/validators.js";
import { ResendVerification } from "./resend-verification.js";

/** docs/behaviour.md#constants: verification links are valid for 3600 seconds. */
export const VERIFICATION_LINK_LIFETIME = 3600;

/** "Check your inbox" after sign-up, with a resend; asks for the address if the page lost it. */
export function CheckInbox({
  email: knownEmail,
  callbackURL,
  send,
}: {
  email?: string;
  callbackURL?: string;
  send?: (email: string, callbackURL?: string) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState(knownEmail);
  return (
    <StatusCard
      tone="mail"
      title={t("checkInbox.title")}
      description={
        email
          ? t("checkInbox.description", { email, duration: formatDuration(VERIFICATION_LINK_LIFETIME, i18n.language) })
          : t("checkInbox.descriptionNoEmail")
      }
      actions={
        <Button variant="link" asChild>
          <Link to={paths.signIn.getHref(callbackURL && callbackURL !== "/" ? callbackURL : null)}>
            {t("checkInbox.backToSignIn")}
          </Link>
        </Button>
      }
    >
      <p className="text-sm text-muted-foreground">{t("checkInbox.spamHint")}</p>
      {email ? (
        <ResendVerification email={email} callbackURL={callbackURL} send={send} />
      ) : (
        <AskForEmail onEmail={setEmail} />
      )}
    </StatusCard>
  );
}

/** The address to send a verification link to, when the page does not know it. */
export function AskForEmail({
  onEmail,
  submitLabel,
  primary = false,
}: {
  onEmail: (email: string) => void;
  /** The button's words; "Continue" by default. */
  submitLabel?: string;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm({ defaults: { email: "" }, validate: { email: emailValidator(t) } });
  return (
    <form noValidate className="grid gap-3" onSubmit={form.handleSubmit((v) => onEmail(v.email.trim()))}>
      <FormField label={t("fields.email")} error={form.errors.email}>
        {(control) => <Input type="email" autoComplete="email" {...control} {...form.field("email")} />}
      </FormField>
      <Button type="submit" variant={primary ? "default" : "outline"}>
        {submitLabel ?? t("common.continue")}
      </Button>
    </form>
  );
}
