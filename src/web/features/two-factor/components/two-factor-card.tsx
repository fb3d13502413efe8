import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useTwoFactorTranslation } from "../hooks/use-two-factor-translation.js";
import { TwoFactorChallenge, type TwoFactorChallengeProps } from "./two-factor-challenge.js";

/** The second step of sign-in as one screen: heading, the challenge, and the way back to the first step. */
export function TwoFactorCard(props: TwoFactorChallengeProps) {
  const { t, ready } = useTwoFactorTranslation();
  const { t: appT } = useTranslation();
  useDocumentTitle(ready ? t("title") : appT("common.loading"));
  if (!ready) return <Spinner label={appT("common.loading")} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <TwoFactorChallenge {...props} />
      </CardContent>
      <CardFooter className="items-center justify-center text-sm">
        <Link
          to={paths.signIn.getHref(props.redirectTo)}
          className="font-medium underline underline-offset-4 hover:no-underline"
        >
          {t("backToSignIn")}
        </Link>
      </CardFooter>
    </Card>
  );
}
