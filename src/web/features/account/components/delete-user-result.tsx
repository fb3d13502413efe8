import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useSession } from "@/lib/api/session.js";
import { ApiError } from "@/lib/api-error.js";
import { useConfirmAccountDeletion } from "../api/delete-user-callback.js";

/**
 * The delete-account link's landing page. The engine needs the session that asked for the deletion,
 * so a signed-out visitor is sent to sign in and brought back here.
 */
export function DeleteUserResult({ token, returnTo }: { token: string | null; returnTo: string }) {
  const { t: appT } = useTranslation();
  const describeError = useErrorMessage();
  const { session, isPending: sessionPending, refetch } = useSession();
  const result = useConfirmAccountDeletion(token, !!session);
  const deleted = result.isSuccess;
  useEffect(() => {
    // The server dropped the session cookie with the account; let the app know.
    if (deleted) void refetch();
  }, [deleted, refetch]);

  if (!token) {
    return <InvalidDeleteLink />;
  }
  if (deleted) {
    return (
      <StatusCard
        tone="success"
        title={appT("deleteUser.deletedTitle")}
        description={appT("deleteUser.deletedDescription")}
        actions={
          <Button asChild>
            <Link to={paths.signUp.getHref()}>{appT("deleteUser.startOver")}</Link>
          </Button>
        }
      />
    );
  }
  if (sessionPending || (session && result.isPending)) {
    return (
      <StatusCard tone="info" title={appT("deleteUser.pendingTitle")}>
        <div className="flex justify-center">
          <Spinner label={appT("deleteUser.pendingTitle")} />
        </div>
      </StatusCard>
    );
  }
  if (!session) {
    return (
      <StatusCard
        tone="info"
        title={appT("deleteUser.signInTitle")}
        description={appT("deleteUser.signInDescription")}
        actions={
          <Button asChild>
            <Link to={paths.signIn.getHref(returnTo)}>{appT("signIn.submit")}</Link>
          </Button>
        }
      />
    );
  }
  const error = result.error;
  if (error instanceof ApiError && (error.code === "INVALID_TOKEN" || error.code === "TOKEN_EXPIRED")) {
    return <InvalidDeleteLink />;
  }
  return (
    <StatusCard
      tone="error"
      title={appT("deleteUser.failedTitle")}
      description={describeError(error)}
      actions={<Button onClick={() => result.refetch()}>{appT("common.tryAgain")}</Button>}
    />
  );
}

function InvalidDeleteLink() {
  const { t: appT } = useTranslation();
  return (
    <StatusCard
      tone="error"
      title={appT("deleteUser.invalidTitle")}
      description={appT("deleteUser.invalidDescription")}
      actions={
        <Button variant="outline" asChild>
          <Link to={paths.home.getHref()}>{appT("common.returnToApp")}</Link>
        </Button>
      }
    />
  );
}
