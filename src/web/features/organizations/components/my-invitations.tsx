import { Mail } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { ApiError } from "@/lib/api-error.js";
import { formatDate, formatDateTime, formatRelative } from "@/lib/format.js";
import { useRespondToInvitation, useUserInvitations } from "../api/invitations.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { FormError } from "./form-error.js";
import { RoleBadges } from "./role-badges.js";

/** The signed-in user's own pending invitations, to accept or decline right here. */
export function MyInvitations() {
  const { t, i18n } = useOrgTranslation();
  const invitations = useUserInvitations();
  const respond = useRespondToInvitation({
    beforeRefetch: (_, { accept, organizationName }) =>
      toast.success(
        accept ? t("myInvitations.accepted", { organization: organizationName }) : t("myInvitations.declined"),
      ),
  });
  const pending = respond.isPending ? respond.variables.invitationId : null;

  // An unverified address cannot see its invitations (the engine refuses); the account screens say how to verify.
  const unverified =
    invitations.error instanceof ApiError && invitations.error.code === "EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION";
  const open = (invitations.data ?? []).filter((i) => new Date(i.expiresAt).getTime() > Date.now());
  if (invitations.isPending) return <Spinner label={t("common.loading")} />;
  if (!unverified && !invitations.isError && open.length === 0) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("myInvitations.title")}</CardTitle>
        <CardDescription>{t("myInvitations.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {unverified ? (
          <p className="text-sm text-muted-foreground">{t("myInvitations.unverified")}</p>
        ) : (
          <FormError error={respond.error ?? invitations.error} />
        )}
        <ul className="grid gap-3">
          {open.map((inv) => (
            <li key={inv.id} className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center">
              <Mail className="hidden size-5 text-muted-foreground sm:block" aria-hidden="true" />
              <div className="grid flex-1 gap-1 text-sm">
                <span className="font-medium break-words">{inv.organizationName}</span>
                <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  {t("myInvitations.as")} <RoleBadges role={inv.role} />
                </span>
                {inv.inviterName && (
                  <span className="break-words text-muted-foreground">
                    {t("myInvitations.invitedBy", { name: inv.inviterName })}
                  </span>
                )}
                <span className="text-muted-foreground">
                  <time
                    dateTime={new Date(inv.expiresAt).toISOString()}
                    title={formatDateTime(inv.expiresAt, i18n.language)}
                  >
                    {t("myInvitations.expires", {
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
                  disabled={pending !== null}
                  aria-label={t("myInvitations.declineLabel", { organization: inv.organizationName })}
                  onClick={() =>
                    respond.mutate({ invitationId: inv.id, accept: false, organizationName: inv.organizationName })
                  }
                >
                  {t("myInvitations.decline")}
                </Button>
                <Button
                  size="sm"
                  loading={pending === inv.id}
                  disabled={pending !== null}
                  aria-label={t("myInvitations.acceptLabel", { organization: inv.organizationName })}
                  onClick={() =>
                    respond.mutate({ invitationId: inv.id, accept: true, organizationName: inv.organizationName })
                  }
                >
                  {t("myInvitations.accept")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
