import { ChevronRight, MailCheck, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card.js";
import { paths } from "@/config/paths.js";
import { useSession } from "@/lib/api/session.js";
import { useHomeTranslation } from "../hooks/use-home-translation.js";

const HIDDEN_KEY = "tessera.home.hidden-steps";

/** Steps a person chose "Not now" for, per user, in this browser. */
function hiddenSteps(userId: string): string[] {
  try {
    const all = JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? "{}") as Record<string, string[]>;
    return Array.isArray(all[userId]) ? all[userId] : [];
  } catch {
    return [];
  }
}

function hideStep(userId: string, step: string) {
  try {
    const all = JSON.parse(localStorage.getItem(HIDDEN_KEY) ?? "{}") as Record<string, string[]>;
    all[userId] = [...new Set([...(all[userId] ?? []), step])];
    localStorage.setItem(HIDDEN_KEY, JSON.stringify(all));
  } catch {
    // Storage off: the step stays hidden for this visit only.
  }
}

/**
 * The home page's "Next steps": verify the e-mail address, turn on two-step verification. Each leads
 * to its settings screen; the two-step one can be put off ("Not now"), the e-mail one cannot.
 */
export function NextSteps() {
  const { t } = useHomeTranslation();
  const { session } = useSession();
  const user = session?.user as {
    id: string;
    email: string;
    emailVerified: boolean;
    twoFactorEnabled?: boolean | null;
  };
  const [hidden, setHidden] = useState(() => (user ? hiddenSteps(user.id) : []));
  if (!user) return null;
  const steps = [
    !user.emailVerified && {
      id: "verify-email",
      icon: MailCheck,
      title: t("home.verifyEmailStep"),
      hint: t("home.verifyEmailHint", { email: user.email }),
      to: paths.settingsEmail.getHref(),
      optional: false,
    },
    !user.twoFactorEnabled &&
      !hidden.includes("two-step") && {
        id: "two-step",
        icon: ShieldCheck,
        title: t("home.mfaStep"),
        hint: t("home.mfaHint"),
        to: paths.settingsSecurity.getHref(),
        optional: true,
      },
  ].filter((s) => !!s);
  if (steps.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("home.nextSteps")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          {steps.map((step) => (
            <li key={step.id} className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Link
                to={step.to}
                className="flex min-w-0 flex-1 items-center gap-3 rounded-lg border p-3 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
              >
                <step.icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium">{step.title}</span>
                  <span className="text-sm break-words text-muted-foreground">{step.hint}</span>
                </span>
                <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              </Link>
              {step.optional && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("home.notNowLabel", { step: step.title })}
                  onClick={() => {
                    hideStep(user.id, step.id);
                    setHidden((h) => [...h, step.id]);
                  }}
                >
                  {t("home.notNow")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
