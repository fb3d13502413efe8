import { MailWarning } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.js";
import { ResendVerification } from "./resend-verification.js";

/** After a 403 EMAIL_NOT_VERIFIED: the engine already sent a new link; say so, and offer another. */
export function UnverifiedEmailNotice({
  email,
  callbackURL,
  send,
}: {
  email: string;
  callbackURL?: string;
  send?: (email: string, callbackURL?: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Alert role="alert">
      <MailWarning aria-hidden="true" />
      <AlertTitle>{t("signIn.unverified.title")}</AlertTitle>
      <AlertDescription>
        <p>{t("signIn.unverified.description", { email })}</p>
        <ResendVerification email={email} callbackURL={callbackURL} send={send} className="mt-2" />
      </AlertDescription>
    </Alert>
  );
}
