import { useNavigate, useParams } from "react-router";
import { paths } from "@/config/paths.js";
import { signOut } from "@/features/account/api/sign-out.js";
import { InvitationView } from "@/features/invitations/components/invitation-view.js";
import { AuthLayout } from "../layouts/auth-layout.js";
import { QueryProvider } from "../query-provider.js";

export default function InvitationRoute() {
  const { invitationId = "" } = useParams();
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <QueryProvider>
        <InvitationView
          invitationId={invitationId}
          onSwitchAccount={async () => {
            await signOut(navigate, paths.signIn.getHref(paths.invitation.getHref(invitationId)));
          }}
        />
      </QueryProvider>
    </AuthLayout>
  );
}
