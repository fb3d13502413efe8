import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AuthError } from "@/features/auth/components/auth-error.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { AuthLayout } from "../layouts/auth-layout.js";

export default function ErrorRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t("errorPage.title"));
  return (
    <AuthLayout>
      <AuthError code={params.get("error")} />
    </AuthLayout>
  );
}
