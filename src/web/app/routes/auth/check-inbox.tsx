import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { CheckInbox } from "@/features/auth/components/check-inbox.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { safeRedirect } from "@/lib/safe-redirect.js";
import type { CheckInboxState } from "./sign-up.js";

export default function CheckInboxRoute() {
  const { t } = useTranslation();
  const state = (useLocation().state ?? {}) as Partial<CheckInboxState>;
  useDocumentTitle(t("checkInbox.title"));
  return (
    <AuthLayout>
      <CheckInbox
        email={typeof state.email === "string" ? state.email : undefined}
        callbackURL={safeRedirect(state.callbackURL)}
      />
    </AuthLayout>
  );
}
