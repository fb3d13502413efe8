import { ArrowLeft, CircleCheck } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import { useSession } from "@/lib/api/session.js";
import { ApiError } from "@/lib/api-error.js";
import type { AdminUserView } from "@/shared/admin-users.js";
import { type PermissionRequest, useAdminPermissions } from "../api/permissions.js";
import { useUnbanUser } from "../api/user-actions.js";
import { useUserDetail } from "../api/users.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";
import { BanDialog } from "./ban-dialog.js";
import { DeleteUserDialog } from "./delete-user-dialog.js";
import { ImpersonateDialog } from "./impersonate-dialog.js";
import { ResetMfaDialog } from "./reset-mfa-dialog.js";
import { SetPasswordDialog } from "./set-password-dialog.js";
import { SetRoleDialog } from "./set-role-dialog.js";
import { UserAccountsCard } from "./user-accounts-card.js";
import { hasMfa, UserMfaCard } from "./user-mfa.js";
import { UserOrganizationsCard } from "./user-organizations-card.js";
import { UserProfileCard } from "./user-profile-card.js";
import { UserSessionsCard } from "./user-sessions-card.js";
import { UserStatus } from "./user-status.js";

/** One user: who they are, how they sign in, their organizations and sessions, and what an admin can do. */
export function UserPage({ userId }: { userId: string }) {
  const { t } = useAdminTranslation();
  const detail = useUserDetail(userId);
  useDocumentTitle(detail.data ? detail.data.user.name || detail.data.user.email : t("user.loading"));

  const back = (
    <Link
      to={paths.admin.getHref()}
      className="inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t("user.back")}
    </Link>
  );

  if (detail.isPending) return <Spinner label={t("user.loading")} />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <div className="grid gap-4">
          {back}
          <StatusCard tone="info" title={t("user.notFound.title")} description={t("user.notFound.description")} />
        </div>
      );
    }
    return (
      <div className="grid justify-items-start gap-4">
        {back}
        <ApiErrorAlert error={detail.error} />
        <Button variant="outline" onClick={() => void detail.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }

  const { user, accounts, memberships } = detail.data;
  return (
    <div className="grid gap-6">
      {back}
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{user.name || t("user.noName")}</h1>
        <p className="wrap-anywhere text-muted-foreground">{user.email}</p>
        <UserStatus user={user} />
      </div>
      <UserActions user={user} siteAdmin={detail.data.siteAdmin} />
      <div className="grid gap-6 lg:grid-cols-2">
        <UserProfileCard user={user} />
        <div className="grid content-start gap-6">
          <UserAccountsCard accounts={accounts} />
          <UserMfaCard mfa={user.mfa} />
          <UserOrganizationsCard memberships={memberships} />
        </div>
      </div>
      <UserSessionsPanel user={user} siteAdmin={detail.data.siteAdmin} />
    </div>
  );
}

/**
 * What the signed-in admin may do to this user: what their roles grant, except that only ADMIN_USER_IDS
 * admins act on another admin, their sessions (tokens) included (server: auth/admin-rules.ts); one's own
 * account is exempt.
 */
function useActionsOn(user: AdminUserView, siteAdmin: boolean) {
  const { can, listed } = useAdminPermissions();
  const { session } = useSession();
  const self = session?.user.id === user.id;
  const held = siteAdmin && !listed && !self;
  return { self, held, can: (request: PermissionRequest) => !held && can(request) };
}

function UserSessionsPanel({ user, siteAdmin }: { user: AdminUserView; siteAdmin: boolean }) {
  const { can } = useActionsOn(user, siteAdmin);
  return (
    <UserSessionsCard
      userId={user.id}
      email={user.email}
      canList={can({ session: ["list"] })}
      canRevoke={can({ session: ["revoke"] })}
    />
  );
}

/** The actions the signed-in admin's rights allow; none that would turn against their own account. */
function UserActions({ user, siteAdmin }: { user: AdminUserView; siteAdmin: boolean }) {
  const { t } = useAdminTranslation();
  const describeError = useErrorMessage();
  const { self, held, can } = useActionsOn(user, siteAdmin);
  const navigate = useNavigate();
  const unban = useUnbanUser(user.id, {
    beforeRefetch: () => toast.success(t("user.unban.done", { email: user.email })),
    onError: (e) => toast.error(describeError(e)),
  });

  const actions = [
    !self && can({ user: ["impersonate"] }) && !user.banned && <ImpersonateDialog key="impersonate" user={user} />,
    !self &&
      can({ user: ["ban"] }) &&
      (user.banned ? (
        <Button key="unban" variant="outline" loading={unban.isPending} onClick={() => unban.mutate()}>
          <CircleCheck aria-hidden="true" />
          {t("user.actions.unban")}
        </Button>
      ) : (
        <BanDialog key="ban" user={user} />
      )),
    can({ user: ["set-role"] }) && <SetRoleDialog key="role" user={user} />,
    can({ user: ["set-password"] }) && <SetPasswordDialog key="password" user={user} />,
    // Same right as setting a password (server: auth/admin-mfa-reset.ts); one's own is in Settings → Security.
    !self && hasMfa(user.mfa) && can({ user: ["set-password"] }) && <ResetMfaDialog key="mfa" user={user} />,
    !self && can({ user: ["delete"] }) && (
      <DeleteUserDialog key="delete" user={user} onDeleted={() => navigate(paths.admin.getHref(), { replace: true })} />
    ),
  ].filter(Boolean);

  return (
    <section aria-labelledby="user-actions" className="grid gap-2">
      <h2 id="user-actions" className="sr-only">
        {t("user.actions.title")}
      </h2>
      {actions.length > 0 && <div className="flex flex-wrap gap-2">{actions}</div>}
      {self && <p className="text-sm text-muted-foreground">{t("user.actions.self")}</p>}
      {held && <p className="text-sm text-muted-foreground">{t("user.actions.listedOnly")}</p>}
    </section>
  );
}
