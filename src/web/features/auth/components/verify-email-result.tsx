import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useSession } from "@/lib/api/session.js";
import { ApiError } from "@/lib/api-error.js";
import { formatDuration } from "@/lib/format.js";
import { emailFromVerificationToken, useVerifyEmail } from "../api/verify-email.js";
import { AskForEmail, VERIFICATION_LINK_LIFETIME } from "./check-inbox.js";
import { ResendVerification } from "./resend-verification.js";

/**
 * The landing page of a verification link: verifies once, then says what happened and what to do next —
 * continue (signed in), sign in (link used before), or get a new link (expired or invalid).
 */
export function VerifyEmailResult({ token, continueTo }: { token: string | null; continueTo: string }) {
  const { t, i18n } = useTranslation();
  const describeError = useErrorMessage();
  const { session, isPending: sessionPending } = useSession();
  const result = useVerifyEmail(token);

  if (!token) return <InvalidLink continueTo={continueTo} />;
  if (result.isPending || (result.isSuccess && sessionPending)) {
    return (
      <StatusCard tone="info" title={t("verifyEmail.pendingTitle")}>
        <div className="flex justify-center">
          <Spinner label={t("verifyEmail.pendingTitle")} />
        </div>
      </StatusCard>
    );
  }
  if (result.isError) {
    const error = result.error;
    const expiredFor = error instanceof ApiError && error.code === "TOKEN_EXPIRED" && emailFromVerificationToken(token);
    if (expiredFor) {
      // One card, one action: the address the link was for is in the token, so a new link is one click away.
      return (
        <StatusCard
          tone="warning"
          title={t("verifyEmail.expiredTitle")}
          description={t("verifyEmail.expiredDescription", {
            email: expiredFor,
            duration: formatDuration(VERIFICATION_LINK_LIFETIME, i18n.language),
          })}
        >
          <ResendVerification email={expiredFor} callbackURL={continueTo} />
        </StatusCard>
      );
    }
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      return <InvalidLink continueTo={continueTo} />;
    }
    return (
      <StatusCard
        tone="error"
        title={t("verifyEmail.failedTitle")}
        description={describeError(error)}
        actions={<Button onClick={() => result.refetch()}>{t("common.tryAgain")}</Button>}
      />
    );
  }

  const outcome = result.data;
  if (outcome.kind === "change-confirmed") {
    return (
      <StatusCard
        tone="mail"
        title={t("verifyEmail.changeConfirmedTitle")}
        description={t("verifyEmail.changeConfirmedDescription")}
        actions={
          <ContinueButton to={session ? continueTo : paths.signIn.getHref(continueTo)} label={t("common.continue")} />
        }
      />
    );
  }
  if (outcome.kind === "changed") {
    return (
      <StatusCard
        tone="success"
        title={t("verifyEmail.changedTitle")}
        description={t("verifyEmail.changedDescription", { email: outcome.email })}
        actions={
          <ContinueButton to={session ? continueTo : paths.signIn.getHref(continueTo)} label={t("common.continue")} />
        }
      />
    );
  }
  return session ? (
    <StatusCard
      tone="success"
      title={t("verifyEmail.verifiedTitle")}
      description={t("verifyEmail.signedInDescription", { email: session.user.email })}
      actions={<ContinueButton to={continueTo} label={t("common.continue")} />}
    />
  ) : (
    <StatusCard
      tone="success"
      title={t("verifyEmail.verifiedTitle")}
      description={t("verifyEmail.signInDescription")}
      actions={
        <ContinueButton to={paths.signIn.getHref(continueTo === "/" ? null : continueTo)} label={t("signIn.submit")} />
      }
    />
  );
}

function ContinueButton({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild>
      <Link to={to}>{label}</Link>
    </Button>
  );
}

/** A link that cannot be used (broken, used, replaced, or expired without a readable address): one card, one action. */
function InvalidLink({ continueTo }: { continueTo: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <StatusCard tone="error" title={t("verifyEmail.invalidTitle")} description={t("verifyEmail.invalidDescription")}>
      {email ? (
        <ResendVerification email={email} callbackURL={continueTo} sendAtOnce />
      ) : (
        <AskForEmail onEmail={setEmail} submitLabel={t("verifyEmail.requestNew")} primary />
      )}
    </StatusCard>
  );
}
