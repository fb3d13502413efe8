import { Fingerprint, ShieldCheck, ShieldOff } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import type { MfaStatus } from "@/shared/mfa.js";
import { useAdminTranslation } from "../hooks/use-admin-translation.js";

/** Whether the user has anything a reset would remove. */
export const hasMfa = (mfa: MfaStatus) => mfa.twoFactor !== null || mfa.passkeys > 0;

/** "Authenticator app · 2 passkeys", "Email code", "Off": the list's compact words for a user's second factors. */
export function useMfaSummary() {
  const { t } = useAdminTranslation();
  return (mfa: MfaStatus) =>
    [
      t(mfa.twoFactor === "totp" ? "mfa.totp" : mfa.twoFactor === "otp" ? "mfa.otp" : "mfa.off"),
      ...(mfa.passkeys > 0 ? [t("mfa.passkeys", { count: mfa.passkeys })] : []),
    ].join(" · ");
}

/** Two-step verification (method) and passkeys (how many) of one user; never a secret. */
export function UserMfaCard({ mfa }: { mfa: MfaStatus }) {
  const { t } = useAdminTranslation();
  const on = mfa.twoFactor !== null;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {t("user.mfa.title")}
        </CardTitle>
        <CardDescription>{t("user.mfa.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted-foreground">{t("user.mfa.twoFactor")}</dt>
          <dd className="flex items-center gap-2">
            {on ? (
              <ShieldCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <ShieldOff className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            {t(mfa.twoFactor === "totp" ? "user.mfa.totp" : mfa.twoFactor === "otp" ? "user.mfa.otp" : "user.mfa.off")}
          </dd>
          <dt className="text-muted-foreground">{t("user.mfa.passkeys")}</dt>
          <dd className="flex items-center gap-2">
            <Fingerprint className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {mfa.passkeys > 0 ? t("mfa.passkeys", { count: mfa.passkeys }) : t("user.mfa.noPasskeys")}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
