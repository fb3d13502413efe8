import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { RedirectIfSignedIn } from "@/app/session-guards.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card.js";
import { paths } from "@/config/paths.js";
import { SignUpForm } from "@/features/auth/components/sign-up-form.js";
import { SocialSignIn } from "@/features/auth/components/social-sign-in.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { usePublicConfig } from "@/lib/public-config.js";
import { safeRedirect } from "@/lib/safe-redirect.js";

/** Router state handed to the check-inbox screen (kept in history, so it survives a reload). */
export interface CheckInboxState {
  email: string;
  callbackURL: string;
}

export default function SignUpRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const { config } = usePublicConfig();
  useDocumentTitle(t("signUp.title"));
  return (
    <AuthLayout>
      <RedirectIfSignedIn to={redirectTo}>
        <Card>
          <CardHeader>
            <CardTitle>{t("signUp.title")}</CardTitle>
            <CardDescription>{t("signUp.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <SignUpForm
              policy={config.passwordPolicy}
              redirectTo={redirectTo}
              onSignedUp={({ email, signedIn }) => {
                if (signedIn) navigate(redirectTo, { replace: true });
                else
                  navigate(paths.checkInbox.getHref(), {
                    state: { email, callbackURL: redirectTo } satisfies CheckInboxState,
                  });
              }}
            />
            <SocialSignIn callbackURL={redirectTo} />
          </CardContent>
          <CardFooter className="items-center justify-center text-sm">
            <span className="text-muted-foreground">{t("signUp.haveAccount")}</span>
            <Link
              to={paths.signIn.getHref(redirectTo)}
              className="font-medium underline underline-offset-4 hover:no-underline"
            >
              {t("signUp.signInLink")}
            </Link>
          </CardFooter>
        </Card>
      </RedirectIfSignedIn>
    </AuthLayout>
  );
}
