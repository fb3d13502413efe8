import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { QueryProvider } from "@/app/query-provider.js";
import { VerifyEmailResult } from "@/features/auth/components/verify-email-result.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { safeCallback } from "@/lib/safe-redirect.js";

export default function VerifyEmailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t("verifyEmail.title"));
  return (
    <AuthLayout>
      <QueryProvider>
        <VerifyEmailResult
          token={params.get("token")}
          continueTo={safeCallback(params.get("callbackURL"), window.location.origin)}
        />
      </QueryProvider>
    </AuthLayout>
  );
}
