import { ShieldCheck, ShieldOff } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { Spinner } from "@/components/ui/spinner.js";
import { paths } from "@/config/paths.js";
import { CREDENTIAL, useLinkedAccounts } from "../api/accounts.js";
import { useMfaStatus, useNewBackupCodes, useTurnOffTwoStep, useTurnOnEmailCodes } from "../api/two-factor.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { AuthenticatorSetup } from "./authenticator-setup.js";
import { BackupCodes } from "./backup-codes.js";
import { PasswordStep } from "./password-step.js";

type Flow = "app" | "email" | "off" | "codes";

/**
 * Two-step verification: whether it is on and how, turning it on (authenticator app, or a code by
 * e-mail), new backup codes, turning it off. Each change asks for the password, as the engine does.
 */
export function TwoStepCard({
  onTurnedOn,
  onBusy,
}: {
  /** Two-step has just been turned on and, for an app, its backup codes put away. */
  onTurnedOn: () => void;
  /** Whether a change is under way (a form or the backup codes are showing). */
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useSettingsTranslation();
  const status = useMfaStatus();
  const accounts = useLinkedAccounts();
  const [flow, setFlow] = useState<Flow | null>(null);
  const [codes, setCodes] = useState<{ list: string[]; turnedOn: boolean } | null>(null);
  const turnOnEmail = useTurnOnEmailCodes({
    onSuccess: () => {
      setFlow(null);
      toast.success(t("security.email.on"));
      onTurnedOn();
    },
  });
  const turnOff = useTurnOffTwoStep({
    onSuccess: () => {
      setFlow(null);
      toast.success(t("security.off.done"));
    },
  });
  const newCodes = useNewBackupCodes({
    onSuccess: ({ backupCodes }) => {
      setFlow(null);
      setCodes({ list: backupCodes, turnedOn: false });
    },
  });
  // Each flow opens with a fresh password step: no failure of an earlier one.
  const open = (next: Flow | null) => {
    for (const action of [turnOnEmail, turnOff, newCodes]) action.reset();
    setFlow(next);
  };

  const busy = flow !== null || codes !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reports changes of `busy` only.
  useEffect(() => onBusy(busy), [busy]);

  const mode = status.data?.twoFactor ?? null;
  const hasPassword = accounts.data?.some((a) => a.providerId === CREDENTIAL);
  const loading = status.isPending || accounts.isPending;

  let body: ReactNode;
  if (loading) body = <Spinner label={t("common.loading")} />;
  else if (status.isError || accounts.isError) body = <ApiErrorAlert error={status.error ?? accounts.error} />;
  else if (codes) {
    body = (
      <BackupCodes
        codes={codes.list}
        doneLabel={t("security.backup.done")}
        onDone={() => {
          const turnedOn = codes.turnedOn;
          setCodes(null);
          if (turnedOn) onTurnedOn();
        }}
      />
    );
  } else if (flow === "app") {
    body = (
      <AuthenticatorSetup
        onCancel={() => setFlow(null)}
        onDone={(list) => {
          setFlow(null);
          setCodes({ list, turnedOn: true });
          toast.success(t("security.app.on"));
        }}
      />
    );
  } else if (flow === "email" || flow === "off" || flow === "codes") {
    const step = {
      email: {
        label: t("security.email.passwordForm"),
        submit: t("security.email.turnOn"),
        action: turnOnEmail,
      },
      off: {
        label: t("security.off.passwordForm"),
        submit: t("security.off.submit"),
        action: turnOff,
      },
      codes: {
        label: t("security.backup.passwordForm"),
        submit: t("security.backup.generate"),
        action: newCodes,
      },
    }[flow];
    body = (
      <PasswordStep
        label={step.label}
        submitLabel={step.submit}
        destructive={flow === "off"}
        action={step.action}
        onCancel={() => setFlow(null)}
      />
    );
  } else if (!hasPassword) {
    body = (
      <Alert>
        <AlertTitle>{t("security.noPassword.title")}</AlertTitle>
        <AlertDescription>
          <p>{t("security.noPassword.description")}</p>
          <div className="pt-2">
            <Button asChild variant="outline">
              <Link to={paths.settingsPassword.getHref()}>{t("security.noPassword.setPassword")}</Link>
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <StatusLine mode={mode} />
        <div className="flex flex-wrap gap-2">
          {mode !== "totp" && (
            <Button onClick={() => open("app")}>
              {mode === "otp" ? t("security.app.switch") : t("security.app.start")}
            </Button>
          )}
          {mode === null && (
            <Button variant="outline" onClick={() => open("email")}>
              {t("security.email.start")}
            </Button>
          )}
          {mode === "totp" && (
            <Button variant="outline" onClick={() => open("codes")}>
              {t("security.backup.regenerate")}
            </Button>
          )}
          {mode !== null && (
            <Button variant="outline" onClick={() => open("off")}>
              {t("security.off.start")}
            </Button>
          )}
        </div>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("security.twoStep.title")}</CardTitle>
        <CardDescription>{t("security.twoStep.description")}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function StatusLine({ mode }: { mode: "totp" | "otp" | null }) {
  const { t } = useSettingsTranslation();
  const Icon = mode ? ShieldCheck : ShieldOff;
  return (
    <p className="flex items-start gap-2 text-sm" data-testid="two-step-status">
      <Icon className={mode ? "mt-0.5 size-4 shrink-0 text-success" : "mt-0.5 size-4 shrink-0"} aria-hidden="true" />
      <span>
        <span className="font-medium">{mode ? t("security.status.on") : t("security.status.off")}</span>{" "}
        <span className="text-muted-foreground">
          {mode === "totp"
            ? t("security.status.totp")
            : mode === "otp"
              ? t("security.status.otp")
              : t("security.status.offDetail")}
        </span>
      </span>
    </p>
  );
}
