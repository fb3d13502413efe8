import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { MfaRequiredCard } from "@/components/mfa-required-card.js";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useSession } from "@/lib/api/session.js";
import { ApiError } from "@/lib/api-error.js";
import { useInvitation, useMissingInvitationReason } from "../api/get-invitation.js";
import { useSwitchAccount } from "../api/switch-account.js";
import { useInvitationTranslation } from "../hooks/use-invitation-translation.js";
import { InvitationCard } from "./invitation-card.js";

/**
 * An invitation link's page. Signed out: sign in or sign up, then come back here. Signed in: the
 * invitation with accept / decline, or a clear screen when it is someone else's, expired, or gone.
 */
export function InvitationView({
  invitationId,
  onSwitchAccount,
}: {
  invitationId: string;
  /** Signs out and goes to sign-in, returning here (the route wires the account feature). */
  onSwitchAccount: () => Promise<void>;
}) {
  const { t: appT } = useTranslation();
  const { t, ready } = useInvitationTranslation();
  const { session, isPending } = useSession();
  const here = paths.invitation.getHref(invitationId);
  useDocumentTitle(ready ? t("invitation.pageTitle") : "");

  // The page's texts arrive with it (features/invitations/locales): a spinner until then, never keys.
  if (!ready) {
    return (
      <div className="flex justify-center">
        <Spinner label={appT("common.loading")} />
      </div>
    );
  }
  if (isPending) return <Loading />;
  if (!session) {
    return (
      <StatusCard
        tone="mail"
        title={t("invitation.signedOutTitle")}
        description={t("invitation.signedOutDescription")}
        actions={
          <>
            <Button asChild>
              <Link to={paths.signIn.getHref(here)}>{appT("signIn.submit")}</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to={paths.signUp.getHref(here)}>{appT("signUp.submit")}</Link>
            </Button>
          </>
        }
      />
    );
  }
  return (
    <SignedInInvitation
      invitationId={invitationId}
      email={session.user.email}
      twoStep={(session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true}
      onSwitchAccount={onSwitchAccount}
    />
  );
}

function SignedInInvitation({
  invitationId,
  email,
  twoStep,
  onSwitchAccount,
}: {
  invitationId: string;
  email: string;
  /** Two-step verification is on for the signed-in user. */
  twoStep: boolean;
  onSwitchAccount: () => Promise<void>;
}) {
  const { t: appT } = useTranslation();
  const { t } = useInvitationTranslation();
  const describeError = useErrorMessage();
  const switchAccount = useSwitchAccount(onSwitchAccount);
  const invitation = useInvitation(invitationId, email);
  const notFound = invitation.error instanceof ApiError && invitation.error.code === "INVITATION_NOT_FOUND";
  const why = useMissingInvitationReason(invitationId, email, notFound);

  if (invitation.isPending || (notFound && why.isPending)) return <Loading />;
  if (invitation.data?.organizationRequiresMfa && !twoStep) {
    // Accepting is refused until two-step verification is on (docs/mfa.md "Organization policy").
    return (
      <MfaRequiredCard
        organizationName={invitation.data.organizationName}
        returnTo={paths.invitation.getHref(invitationId)}
        back={{ to: paths.home.getHref(), label: appT("common.returnToApp") }}
      />
    );
  }
  if (invitation.data) return <InvitationCard invitation={invitation.data} />;

  const error = invitation.error;
  if (error instanceof ApiError && error.code === "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION") {
    return (
      <StatusCard
        tone="warning"
        title={t("invitation.wrongRecipientTitle")}
        description={t("invitation.wrongRecipientDescription", { email })}
        actions={
          <Button loading={switchAccount.isPending} onClick={() => switchAccount.mutate()}>
            {t("invitation.switchAccount")}
          </Button>
        }
      >
        {switchAccount.error ? <ApiErrorAlert error={switchAccount.error} /> : null}
      </StatusCard>
    );
  }
  if (notFound) {
    const expired = why.data === "expired";
    return (
      <StatusCard
        tone="warning"
        title={expired ? t("invitation.expiredTitle") : t("invitation.goneTitle")}
        description={expired ? t("invitation.expiredDescription") : t("invitation.goneDescription")}
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.home.getHref()}>{appT("common.returnToApp")}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <StatusCard
      tone="error"
      title={t("invitation.failedTitle")}
      description={describeError(error)}
      actions={<Button onClick={() => invitation.refetch()}>{appT("common.tryAgain")}</Button>}
    />
  );
}

function Loading() {
  const { t } = useInvitationTranslation();
  return (
    <StatusCard tone="info" title={t("invitation.loadingTitle")}>
      <div className="flex justify-center">
        <Spinner label={t("invitation.loadingTitle")} />
      </div>
    </StatusCard>
  );
}
