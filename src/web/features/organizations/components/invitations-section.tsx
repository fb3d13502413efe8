import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useOrganizationScope } from "../hooks/organization-scope-context.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";
import { InviteForm } from "./invite-form.js";
import { PendingInvitations } from "./pending-invitations.js";

/** Inviting and the invitations waiting for an answer: for roles that may invite (docs/roles.md invitation: create). */
export function InvitationsSection() {
  const { t } = useOrgTranslation();
  const { organization, can } = useOrganizationScope();
  useDocumentTitle(t("invitations.title", { organization: organization.name }));
  if (!can({ invitation: ["create"] })) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("invitations.heading")}</CardTitle>
          <CardDescription>{t("invitations.notAllowed")}</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      <InviteForm />
      <PendingInvitations />
    </div>
  );
}
