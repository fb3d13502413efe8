import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { paths } from "../../config/paths.js";
import { signOut } from "../../features/account/api/sign-out.js";
import { InvitationView } from "../../features/invitations/components/invitation-view.js";
import { useDocumentTitle } from "../../hooks/use-document-title.js";
import { AuthLayout } from "../layouts/auth-layout.js";
import { QueryProvider } from "../query-provider.js";

export default function InvitationRoute() {
  const { t } = useTranslation();
  const { invitationId = "" } = useParams();
  const navigate = useNavigate();
  useDocumentTitle(t("invitation.pageTitle"));
  return (
    <AuthLayout>
      <QueryProvider>
        <InvitationView
          invitationId={invitationId}
          onSwitchAccount={async () => {
            await signOut();
            navigate(paths.signIn.getHref(paths.invitation.getHref(invitationId)));
          }}
        />
      </QueryProvider>
    </AuthLayout>
  );
}
