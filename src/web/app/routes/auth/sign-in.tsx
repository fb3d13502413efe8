import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { RedirectIfSignedIn } from "@/app/session-guards.js";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card.js";
import { paths } from "@/config/paths.js";
import { PasskeySignIn } from "@/features/auth/components/passkey-sign-in.js";
import { SignInForm } from "@/features/auth/components/sign-in-form.js";
import { SocialSignIn } from "@/features/auth/components/social-sign-in.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { safeRedirect } from "@/lib/safe-redirect.js";

export default function SignInRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const reauthenticate = params.get("reauthenticate") === "1";
  useDocumentTitle(t("signIn.title"));
  return (
    <AuthLayout>
      <RedirectIfSignedIn to={redirectTo} unless={reauthenticate}>
        <Card>
          <CardHeader>
            <CardTitle>{t("signIn.title")}</CardTitle>
            <CardDescription>{reauthenticate ? t("signIn.reauthenticate") : t("signIn.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <SignInForm
              redirectTo={redirectTo}
              onSignedIn={() => navigate(redirectTo, { replace: true })}
              onTwoFactor={(methods) =>
                navigate(paths.signInTwoFactor.getHref(redirectTo, methods, { reauthenticate }))
              }
            />
            <PasskeySignIn onSignedIn={() => navigate(redirectTo, { replace: true })} />
            <SocialSignIn callbackURL={redirectTo} />
          </CardContent>
          <CardFooter className="items-center justify-center text-sm">
            <span className="text-muted-foreground">{t("signIn.noAccount")}</span>
            <Link
              to={paths.signUp.getHref(redirectTo)}
              className="font-medium underline underline-offset-4 hover:no-underline"
            >
              {t("signIn.signUpLink")}
            </Link>
          </CardFooter>
        </Card>
      </RedirectIfSignedIn>
    </AuthLayout>
  );
}
