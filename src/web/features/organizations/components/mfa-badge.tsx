import { KeyRound, ShieldCheck, ShieldOff } from "lucide-react";
import type { MemberMfa } from "../api/types.js";
import { useOrgTranslation } from "../hooks/use-org-translation.js";

/**
 * A member's second factors as the server reads them at each load: the two-step method (which is
 * what an organization's policy asks for) and how many passkeys they have.
 */
export function MfaBadge({ mfa }: { mfa?: MemberMfa }) {
  const { t } = useOrgTranslation();
  if (!mfa) return null;
  const method = mfa.twoFactor === "totp" ? t("mfa.app") : mfa.twoFactor === "otp" ? t("mfa.email") : t("mfa.none");
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="member-mfa">
      <span
        className={
          mfa.twoFactor
            ? "inline-flex items-center gap-1 rounded-full border border-success/40 px-2 py-0.5 text-xs font-medium text-success"
            : "inline-flex items-center gap-1 rounded-full border border-dashed px-2 py-0.5 text-xs font-medium"
        }
      >
        {mfa.twoFactor ? (
          <ShieldCheck className="size-3" aria-hidden="true" />
        ) : (
          <ShieldOff className="size-3" aria-hidden="true" />
        )}
        {method}
      </span>
      {mfa.passkeys > 0 && (
        <span className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium">
          <KeyRound className="size-3" aria-hidden="true" />
          {t("mfa.passkeys", { count: mfa.passkeys })}
        </span>
      )}
    </span>
  );
}
