import { Copy } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import { ApiError } from "@/lib/api-error.js";
import { useConfirmAuthenticator, useStartAuthenticatorSetup } from "../api/two-factor.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { FormError } from "./form-error.js";
import { PasswordStep } from "./password-step.js";
import { QrCode } from "./qr-code.js";

/** The base32 secret of an otpauth:// URI, in groups of four for reading aloud or typing. */
export function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/**
 * Turning on an authenticator app: the password, then the QR code and the secret as text, then a code
 * from the app to prove it works. `onDone` gets the backup codes the engine made with the secret.
 */
export function AuthenticatorSetup({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const { t } = useSettingsTranslation();
  const start = useStartAuthenticatorSetup();
  const setup = start.data;
  if (!setup) {
    return (
      <PasswordStep
        label={t("security.app.passwordForm")}
        hint={t("security.app.passwordHint")}
        submitLabel={t("security.continue")}
        action={start}
        onCancel={onCancel}
      />
    );
  }
  return <ScanAndConfirm {...setup} onDone={onDone} onCancel={onCancel} />;
}

function ScanAndConfirm({
  totpURI,
  backupCodes,
  onDone,
  onCancel,
}: {
  totpURI: string;
  backupCodes: string[];
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useSettingsTranslation();
  const confirm = useConfirmAuthenticator({ onSuccess: () => onDone(backupCodes) });
  // A wrong code gets this screen's own words.
  const error =
    confirm.error instanceof ApiError && confirm.error.code === "INVALID_CODE"
      ? new Error(t("security.app.codeWrong"))
      : confirm.error;
  const secret = secretOf(totpURI);
  const form = useForm({
    defaults: { code: "" },
    validate: { code: (v) => (/^\d{6}$/.test(v.replace(/\s+/g, "")) ? undefined : t("security.app.codeInvalid")) },
  });
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code.replace(/\s+/g, ""), {
      onError: () => {
        form.clear("code");
        form.focus("code");
      },
    }),
  );

  return (
    <div className="grid gap-6">
      <ol className="grid gap-6">
        <li className="grid gap-3">
          <h3 className="font-medium">{t("security.app.scanTitle")}</h3>
          <p className="text-sm text-muted-foreground">{t("security.app.scanDescription")}</p>
          <QrCode value={totpURI} label={t("security.app.qrLabel")} className="size-48 rounded-md border" />
          <div className="grid gap-1">
            <p className="text-sm text-muted-foreground">{t("security.app.secretDescription")}</p>
            <div className="flex flex-wrap items-center gap-2">
              <code
                className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all"
                data-testid="totp-secret"
              >
                {secret}
              </code>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  void navigator.clipboard.writeText(secret.replace(/\s+/g, "")).then(
                    () => toast.success(t("security.app.secretCopied")),
                    () => toast.error(t("security.backup.copyFailed")),
                  )
                }
              >
                <Copy aria-hidden="true" />
                {t("security.app.copySecret")}
              </Button>
            </div>
          </div>
        </li>
        <li className="grid gap-3">
          <h3 className="font-medium">{t("security.app.confirmTitle")}</h3>
          <form
            noValidate
            onSubmit={submit}
            className="grid gap-4 sm:max-w-xs"
            aria-label={t("security.app.confirmTitle")}
          >
            {error instanceof ApiError || !error ? (
              <FormError error={error} />
            ) : (
              <p role="alert" className="text-sm font-medium text-destructive">
                {(error as Error).message}
              </p>
            )}
            <FormField label={t("security.app.code")} error={form.errors.code}>
              {(control) => (
                <Input
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  pattern="[0-9 ]*"
                  maxLength={8}
                  className="font-mono tracking-widest"
                  {...control}
                  {...form.field("code")}
                />
              )}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={confirm.isPending}>
                {t("security.app.turnOn")}
              </Button>
              <Button variant="outline" onClick={onCancel} disabled={confirm.isPending}>
                {t("common.cancel")}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
