import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { QueryProvider } from "@/app/query-provider.js";
import { DeleteUserResult } from "@/features/account/components/delete-user-result.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";

export default function DeleteUserCallbackRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  useDocumentTitle(t("deleteUser.title"));
  return (
    <AuthLayout>
      <QueryProvider>
        <DeleteUserResult token={params.get("token")} returnTo={`${location.pathname}${location.search}`} />
      </QueryProvider>
    </AuthLayout>
  );
}
