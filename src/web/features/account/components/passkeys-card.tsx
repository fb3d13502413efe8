import { Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useForm } from "@/hooks/use-form.js";
import { useAddPasskey, usePasskeys } from "../api/passkeys.js";
import { useSettingsTranslation } from "../hooks/use-settings-translation.js";
import { describeUserAgent } from "../utils/describe-user-agent.js";
import { FormError } from "./form-error.js";
import { PasskeyItem } from "./passkey-item.js";

/** Passkeys: sign in with the device's lock or a password manager, no password and no code. */
export function PasskeysCard() {
  const { t } = useSettingsTranslation();
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const supported = typeof window !== "undefined" && "PublicKeyCredential" in window;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("security.passkeys.title")}</CardTitle>
        <CardDescription>{t("security.passkeys.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : passkeys.isError ? (
          <ApiErrorAlert error={passkeys.error} />
        ) : passkeys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("security.passkeys.none")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("security.passkeys.listLabel")}>
            {passkeys.data.map((p) => (
              <PasskeyItem key={p.id} passkey={p} />
            ))}
          </ul>
        )}
        {!supported ? (
          <p className="text-sm text-muted-foreground">{t("security.passkeys.unsupported")}</p>
        ) : adding ? (
          <AddPasskeyForm
            onCancel={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              toast.success(t("security.passkeys.added"));
            }}
          />
        ) : (
          <div>
            <Button variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              {t("security.passkeys.add")}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AddPasskeyForm({ onAdded, onCancel }: { onAdded: () => void; onCancel: () => void }) {
  const { t } = useSettingsTranslation();
  const add = useAddPasskey({ onSuccess: onAdded });
  const device = describeUserAgent(navigator.userAgent);
  const fallback = t("security.passkeys.defaultName", {
    browser: device.browser?.replace(/\s+\d+$/, "") ?? t("sessions.unknownBrowser"),
    os: device.os?.replace(/\s+[\d.]+$/, "") ?? t("sessions.unknownOs"),
  });
  const form = useForm({
    defaults: { name: "" },
    validate: { name: (v) => (v.trim().length > 100 ? t("security.passkeys.nameTooLong") : undefined) },
  });
  const submit = form.handleSubmit(async ({ name }) => {
    await add.mutateAsync({ name, fallbackName: fallback }).catch(() => {});
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md" aria-label={t("security.passkeys.add")}>
      <FormError error={add.error} />
      <FormField
        label={t("security.passkeys.name")}
        hint={t("security.passkeys.nameHint", { name: fallback })}
        error={form.errors.name}
      >
        {(control) => <Input autoComplete="off" placeholder={fallback} {...control} {...form.field("name")} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={form.isSubmitting}>
          {t("security.passkeys.create")}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={form.isSubmitting}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
