import { useNavigate, useSearchParams } from "react-router";
import { AuthLayout } from "@/app/layouts/auth-layout.js";
import { RedirectIfSignedIn } from "@/app/session-guards.js";
import { TwoFactorCard } from "@/features/two-factor/components/two-factor-card.js";
import { safeRedirect } from "@/lib/safe-redirect.js";

const KNOWN = new Set(["totp", "otp"]);

/**
 * /sign-in/two-factor?redirectTo=…&methods=totp,otp: after the password (or a provider's sign-in), the
 * second step. Without `methods` (e.g. back from a provider) every way is offered.
 */
export default function SignInTwoFactorRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const reauthenticate = params.get("reauthenticate") === "1";
  const methods = (params.get("methods") ?? "").split(",").filter((m) => KNOWN.has(m));
  return (
    <AuthLayout>
      <RedirectIfSignedIn to={redirectTo} unless={reauthenticate}>
        <TwoFactorCard
          redirectTo={redirectTo}
          methods={methods}
          onSignedIn={() => navigate(redirectTo, { replace: true })}
        />
      </RedirectIfSignedIn>
    </AuthLayout>
  );
}
