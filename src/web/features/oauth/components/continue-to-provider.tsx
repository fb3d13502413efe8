import { useEffect } from "react";
import { LoadingScreen } from "@/components/loading-screen.js";
import { useOAuthTranslation } from "../hooks/use-oauth-translation.js";

/** Hands the signed-in browser back to the provider with a full page load: it answers with redirects. */
export function ContinueToProvider({ href }: { href: string }) {
  const { t } = useOAuthTranslation();
  useEffect(() => window.location.replace(href), [href]);
  return <LoadingScreen label={t("continuing")} />;
}
