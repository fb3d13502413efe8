import { Check } from "lucide-react";
import { isOAuthScope } from "@/shared/oauth.js";
import { useOAuthTranslation } from "../hooks/use-oauth-translation.js";

/** What each scope lets an app do, in words; a scope we do not offer shows as requested. */
export function ScopeList({ scopes }: { scopes: string[] }) {
  const { t } = useOAuthTranslation();
  return (
    <ul className="grid gap-2" aria-label={t("form.scopes")}>
      {scopes.map((scope) => (
        <li key={scope} className="flex items-start gap-2 text-sm">
          <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          <span>{isOAuthScope(scope) ? t(`scopes.${scope}`) : scope}</span>
        </li>
      ))}
    </ul>
  );
}
