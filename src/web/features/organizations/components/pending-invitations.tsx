import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { formatDate, formatDateTime, formatRelative } from "@/lib/format.js";
import { latestError } from "@/lib/query-client.js";
import { useCancelInvitation, useInvitations, useResendInvitation } from "../api/invitations.js";
import { useTeams } from "../api/teams.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { FormError } from "./form-error.js";
import { RoleBadges } from "./role-badges.js";

/** Invitations waiting for an answer, with when they run out; send again (a new expiry) or cancel. */
export function PendingInvitations() {
  const { t, i18n } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  const invitations = useInvitations(organization.id, true);
  const teams = useTeams(organization.id);
  const resend = useResendInvitation(organization.id, {
    beforeRefetch: (_, invitation) => toast.success(t("invitations.resent", { email: invitation.email })),
  });
  const cancel = useCancelInvitation({
    beforeRefetch: (_, invitation) => toast.success(t("invitations.canceled", { email: invitation.email })),
  });
  const pending = resend.isPending
    ? `resend:${resend.variables.id}`
    : cancel.isPending
      ? `cancel:${cancel.variables.id}`
      : null;
  const error = latestError(resend, cancel);
  const mayCancel = can({ invitation: ["cancel"] });
  const waiting = (invitations.data ?? [])
    .filter((i) => i.status === "pending")
    .sort((a, b) => new Date(a.expiresAt).getTime() - new Date(b.expiresAt).getTime());

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("invitations.heading")}</CardTitle>
        <CardDescription>{t("invitations.count", { count: waiting.length })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <FormError error={error} />
        {invitations.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : invitations.isError ? (
          <ApiErrorAlert error={invitations.error} />
        ) : waiting.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("invitations.empty")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("invitations.listLabel")}>
            {waiting.map((inv) => {
              const expired = new Date(inv.expiresAt).getTime() <= Date.now();
              const team = inv.teamId ? teams.data?.find((tm) => tm.id === inv.teamId)?.name : undefined;
              return (
                <li
                  key={inv.id}
                  data-invitation={inv.email}
                  className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center"
                >
                  <div className="grid min-w-0 flex-1 gap-1 text-sm">
                    <span className="font-medium break-all">{inv.email}</span>
                    <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                      <RoleBadges role={inv.role} />
                      {team && <span>{t("invitations.team", { team })}</span>}
                    </span>
                    <span className={expired ? "text-destructive" : "text-muted-foreground"}>
                      <time
                        dateTime={new Date(inv.expiresAt).toISOString()}
                        title={formatDateTime(inv.expiresAt, i18n.language)}
                      >
                        {expired
                          ? t("invitations.expired", {
                              date: formatDate(inv.expiresAt, i18n.language),
                              when: formatRelative(inv.expiresAt, i18n.language),
                            })
                          : t("invitations.expires", {
                              date: formatDate(inv.expiresAt, i18n.language),
                              when: formatRelative(inv.expiresAt, i18n.language),
                            })}
                      </time>
                    </span>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      loading={pending === `resend:${inv.id}`}
                      disabled={pending !== null}
                      aria-label={t("invitations.resendLabel", { email: inv.email })}
                      onClick={() => resend.mutate(inv)}
                    >
                      {t("invitations.resend")}
                    </Button>
                    {mayCancel && (
                      <ConfirmDialog
                        cancelLabel={t("common.cancel")}
                        trigger={
                          <Button
                            variant="outline"
                            size="sm"
                            loading={pending === `cancel:${inv.id}`}
                            disabled={pending !== null}
                            aria-label={t("invitations.cancelLabel", { email: inv.email })}
                          >
                            {t("invitations.cancel")}
                          </Button>
                        }
                        title={t("invitations.cancelConfirmTitle", { email: inv.email })}
                        description={t("invitations.cancelConfirmDescription")}
                        confirmLabel={t("invitations.cancel")}
                        destructive
                        onConfirm={() => cancel.mutate(inv)}
                      />
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
