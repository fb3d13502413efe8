import { useTranslation } from "react-i18next";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { useSubmit } from "@/hooks/use-submit.js";
import { usePublicConfig } from "@/lib/public-config.js";
import { startProviderSignIn } from "../api/sign-in-with-provider.js";

/**
 * One button per provider the server has configured (GET /api/public-config); nothing at all
 * when there are none or the server does not say.
 */
export function SocialSignIn({ callbackURL }: { callbackURL: string }) {
  const { t } = useTranslation();
  const { config } = usePublicConfig();
  const start = useSubmit(async (id: string) => window.location.assign(await startProviderSignIn(id, callbackURL)));
  // The provider's button keeps loading, the others stay disabled, until the browser has left.
  const pending = start.isPending || start.isSuccess ? start.variables : null;
  if (config.providers.length === 0) return null;

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
        <span>{t("signIn.orContinueWith")}</span>
        <span className="h-px flex-1 bg-border" aria-hidden="true" />
      </div>
      <ApiErrorAlert error={start.error} />
      <ul className="grid gap-2" aria-label={t("signIn.providers")}>
        {config.providers.map((p) => (
          <li key={p.id}>
            <Button
              variant="outline"
              className="w-full"
              loading={pending === p.id}
              disabled={pending !== null && pending !== p.id}
              onClick={() => start.mutate(p.id)}
            >
              {t("signIn.continueWith", { provider: p.name })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
