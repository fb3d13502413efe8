import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { QueryProvider } from "@/app/query-provider.js";
import { StatusCard } from "@/components/status-card.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useResetTokenCheck } from "@/features/auth/api/reset-password.js";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { usePublicConfig } from "@/lib/public-config.js";
import { safeCallback } from "@/lib/safe-redirect.js";

export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("resetPassword.title"));
  return (
    <AuthLayout>
      <QueryProvider>
        <ResetPassword />
      </QueryProvider>
    </AuthLayout>
  );
}

function ResetPassword() {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const [params] = useSearchParams();
  const signInHref = safeCallback(params.get("callbackURL"), window.location.origin, paths.signIn.getHref());
  const { config } = usePublicConfig();
  const [state, setState] = useState<"form" | "done" | "invalid">("form");
  const check = useResetTokenCheck(token);

  let content: ReactNode;
  if (!token || state === "invalid" || check.data === "invalid") {
    content = (
      <StatusCard
        tone="warning"
        title={t("resetPassword.invalidTitle")}
        description={t("resetPassword.invalidDescription")}
        actions={
          <Button asChild>
            <Link to={paths.forgotPassword.getHref()}>{t("resetPassword.requestNew")}</Link>
          </Button>
        }
      />
    );
  } else if (state === "done") {
    content = (
      <StatusCard
        tone="success"
        title={t("resetPassword.doneTitle")}
        description={t("resetPassword.doneDescription")}
        actions={
          <Button asChild>
            <Link to={signInHref}>{t("signIn.submit")}</Link>
          </Button>
        }
      />
    );
  } else if (check.isPending) {
    content = (
      <StatusCard tone="info" title={t("resetPassword.title")}>
        <div className="flex justify-center">
          <Spinner label={t("resetPassword.checking")} />
        </div>
      </StatusCard>
    );
  } else {
    content = (
      <Card>
        <CardHeader>
          <CardTitle>{t("resetPassword.title")}</CardTitle>
          <CardDescription>{t("resetPassword.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ResetPasswordForm
            token={token}
            policy={config.passwordPolicy}
            onDone={() => setState("done")}
            onInvalidToken={() => setState("invalid")}
          />
        </CardContent>
      </Card>
    );
  }
  return content;
}
