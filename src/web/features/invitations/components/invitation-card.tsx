import { Building2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card.js";
import { paths } from "@/config/paths.js";
import { formatDateTime, formatRelative } from "@/lib/format.js";
import { translateRoles } from "@/lib/roles.js";
import type { InvitationDetails } from "../api/get-invitation.js";
import { useRespondToInvitation } from "../api/respond-to-invitation.js";
import { useInvitationTranslation } from "../hooks/use-invitation-translation.js";

/** The invitation: organization, inviter, role, expiry, and the recipient's two answers. */
export function InvitationCard({ invitation }: { invitation: InvitationDetails }) {
  const { t: appT, i18n } = useTranslation();
  const { t } = useInvitationTranslation();
  const [answer, setAnswer] = useState<"accepted" | "rejected" | null>(null);
  const respond = useRespondToInvitation(invitation.id, {
    onSuccess: (_, kind) => setAnswer(kind === "accept" ? "accepted" : "rejected"),
  });
  const pending = respond.isPending ? respond.variables : null;
  const error = respond.error;

  if (answer === "accepted") {
    return (
      <StatusCard
        tone="success"
        title={t("invitation.acceptedTitle", { organization: invitation.organizationName })}
        description={t("invitation.acceptedDescription")}
        actions={
          <Button asChild>
            <Link to={paths.home.getHref()}>{t("invitation.openOrganization")}</Link>
          </Button>
        }
      />
    );
  }
  if (answer === "rejected") {
    return (
      <StatusCard
        tone="info"
        title={t("invitation.rejectedTitle")}
        description={t("invitation.rejectedDescription", { organization: invitation.organizationName })}
        actions={
          <Button variant="outline" asChild>
            <Link to={paths.home.getHref()}>{appT("common.returnToApp")}</Link>
          </Button>
        }
      />
    );
  }
  const expires = new Date(invitation.expiresAt);
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <Building2 className="mb-2 size-10" aria-hidden="true" />
        <CardTitle>{t("invitation.title", { organization: invitation.organizationName })}</CardTitle>
        <CardDescription large>
          {t("invitation.description", {
            inviter: invitation.inviterName || invitation.inviterEmail,
            organization: invitation.organizationName,
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ApiErrorAlert error={error} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">{t("invitation.organization")}</dt>
          <dd className="font-medium break-all">{invitation.organizationName}</dd>
          <dt className="text-muted-foreground">{t("invitation.invitedBy")}</dt>
          <dd className="grid">
            {invitation.inviterName && <span className="break-words">{invitation.inviterName}</span>}
            <span className={invitation.inviterName ? "break-all text-muted-foreground" : "break-all"}>
              {invitation.inviterEmail}
            </span>
          </dd>
          <dt className="text-muted-foreground">{t("invitation.role")}</dt>
          <dd>{translateRoles(invitation.role, appT)}</dd>
          <dt className="text-muted-foreground">{t("invitation.sentTo")}</dt>
          <dd className="break-all">{invitation.email}</dd>
          <dt className="text-muted-foreground">{t("invitation.expires")}</dt>
          <dd>
            <time dateTime={expires.toISOString()}>{formatDateTime(expires, i18n.language)}</time>{" "}
            <span className="text-muted-foreground">({formatRelative(expires, i18n.language)})</span>
          </dd>
        </dl>
      </CardContent>
      <CardFooter className="flex-col items-stretch sm:flex-row sm:items-center sm:justify-end">
        <Button
          variant="outline"
          loading={pending === "reject"}
          disabled={pending !== null}
          onClick={() => respond.mutate("reject")}
        >
          {t("invitation.reject")}
        </Button>
        <Button loading={pending === "accept"} disabled={pending !== null} onClick={() => respond.mutate("accept")}>
          {t("invitation.accept")}
        </Button>
      </CardFooter>
    </Card>
  );
}
