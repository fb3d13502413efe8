import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card.js";
import { paths } from "@/config/paths.js";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";

export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("forgotPassword.title"));
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <CardTitle>{t("forgotPassword.title")}</CardTitle>
          <CardDescription>{t("forgotPassword.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ForgotPasswordForm />
        </CardContent>
        <CardFooter className="items-center justify-center text-sm">
          <Link to={paths.signIn.getHref()} className="font-medium underline underline-offset-4 hover:no-underline">
            {t("forgotPassword.backToSignIn")}
          </Link>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
