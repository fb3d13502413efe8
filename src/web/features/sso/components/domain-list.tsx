import { BadgeCheck, Globe, RefreshCw, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { CopyField as SharedCopyField } from "@/components/copy-field.js";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { FormField } from "@/components/ui/form-field.js";
import { Input } from "@/components/ui/input.js";
import { useForm } from "@/hooks/use-form.js";
import { latestError } from "@/lib/query-client.js";
import { type SsoDomain, useAddDomain, useRemoveDomain, useVerifyDomain } from "../api/sso.js";
import { useSsoTranslation } from "../hooks/use-sso-translation.js";

/** A value to copy, with the Copy button's words from this feature's texts. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useSsoTranslation();
  const texts = { action: t("copy.action"), labelled: t("copy.labelled", { label }), done: t("copy.done") };
  return <SharedCopyField label={label} value={value} testId={testId} texts={texts} />;
}

/** One domain: its state, the TXT record while it is pending, Verify and Remove. */
function DomainItem({ organizationId, domain }: { organizationId: string; domain: SsoDomain }) {
  const { t } = useSsoTranslation();
  const verify = useVerifyDomain(organizationId, domain.name, {
    beforeRefetch: () => toast.success(t("domain.verified")),
  });
  const remove = useRemoveDomain(organizationId, domain.name, {
    beforeRefetch: () => toast.success(t("domain.removed")),
  });
  const error = latestError(verify, remove);

  return (
    <li className="grid min-w-0 gap-4 rounded-lg border p-4" aria-label={domain.name} data-testid="sso-domain-item">
      <div className="grid gap-1">
        <h3 className="text-base font-semibold break-all" data-testid="sso-domain">
          {domain.name}
        </h3>
        <p className="flex items-center gap-2 text-sm" data-testid="sso-domain-status">
          {domain.verified ? (
            <>
              <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
              {t("status.verified")}
            </>
          ) : (
            t("status.pending")
          )}
        </p>
      </div>
      {domain.record && (
        <section aria-label={t("record.heading")} className="grid min-w-0 gap-3">
          <h4 className="text-sm font-semibold">{t("record.heading")}</h4>
          <p className="text-sm text-muted-foreground">{t("record.help")}</p>
          <p className="text-sm">
            {t("record.type")}: <code className="font-mono">TXT</code>
          </p>
          <CopyField label={t("record.name")} value={domain.record.name} testId="sso-record-name" />
          <CopyField label={t("record.value")} value={domain.record.value} testId="sso-record-value" />
        </section>
      )}
      <ApiErrorAlert error={error} />
      <div className="flex flex-wrap gap-2">
        {!domain.verified && (
          <Button loading={verify.isPending} onClick={() => verify.mutate()}>
            <RefreshCw aria-hidden="true" />
            {t("actions.verify")}
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="text-destructive" loading={remove.isPending}>
              <Trash2 aria-hidden="true" />
              {t("actions.remove")}
            </Button>
          }
          title={t("confirm.removeTitle", { domain: domain.name })}
          description={t("confirm.removeDescription")}
          confirmLabel={t("actions.remove")}
          cancelLabel={t("confirm.cancel")}
          destructive
          onConfirm={() => remove.mutate()}
        />
      </div>
    </li>
  );
}

/**
 * The organization's domains (docs/sso.md "Verified domains"): each claimed, proven by its own TXT record and
 * removed on its own; the form adds another (up to 10).
 */
export function DomainList({ organizationId, domains }: { organizationId: string; domains: SsoDomain[] }) {
  const { t } = useSsoTranslation();
  const form = useForm({ defaults: { domain: "" }, validate: {} });
  const add = useAddDomain(organizationId, {
    beforeRefetch: () => {
      form.clear("domain");
      toast.success(t("domain.added"));
    },
  });

  return (
    <div className="grid min-w-0 gap-4">
      {domains.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("domain.none")}</p>
      ) : (
        <>
          <ul className="grid min-w-0 gap-3">
            {domains.map((domain) => (
              <DomainItem key={domain.name} organizationId={organizationId} domain={domain} />
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">{t("joining")}</p>
        </>
      )}
      <form className="grid max-w-md gap-4" onSubmit={form.handleSubmit(({ domain }) => add.mutate(domain))} noValidate>
        <FormField label={t("domain.label")} hint={t("domain.hint")}>
          {(control) => (
            <Input
              {...control}
              maxLength={253}
              autoComplete="off"
              spellCheck={false}
              placeholder="example.com"
              {...form.field("domain")}
            />
          )}
        </FormField>
        <ApiErrorAlert error={add.error} />
        <div>
          <Button type="submit" variant={domains.length === 0 ? "default" : "outline"} loading={add.isPending}>
            <Globe aria-hidden="true" />
            {t("actions.add")}
          </Button>
        </div>
      </form>
    </div>
  );
}
