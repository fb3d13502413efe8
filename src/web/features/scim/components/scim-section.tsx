import { KeyRound, RotateCw, Trash2, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { CopyField as SharedCopyField } from "@/components/copy-field.js";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { EmptyState } from "@/components/ui/empty-state.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { ApiError } from "@/lib/api-error.js";
import { formatDate, formatDateTime } from "@/lib/format.js";
import { latestError } from "@/lib/query-client.js";
import type { ScimCredentialView } from "@/shared/scim.js";
import { useCreateScimToken, useRevokeScimToken, useScimState } from "../api/scim.js";
import { useScimTranslation } from "../hooks/use-scim-translation.js";

/** A value to copy, with the Copy button's words from this feature's texts. */
function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useScimTranslation();
  const texts = { action: t("copy.action"), labelled: t("copy.labelled", { label }), done: t("copy.done") };
  return <SharedCopyField label={label} value={value} testId={testId} texts={texts} />;
}

/** The token right after it was made: the only time anyone sees it. Focus moves here for screen readers. */
function TokenPanel({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useScimTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="scim-token-title"
      className="grid min-w-0 gap-3 rounded-xl border-2 border-primary/60 bg-card p-4 sm:p-6"
      data-testid="scim-token"
    >
      <h3
        id="scim-token-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        <KeyRound className="size-5 shrink-0" aria-hidden="true" />
        {t("token.title")}
      </h3>
      <p className="text-sm font-medium">{t("token.once")}</p>
      <CopyField label={t("token.label")} value={token} testId="scim-token-value" />
      <div>
        <Button type="button" onClick={onDone}>
          {t("token.done")}
        </Button>
      </div>
    </section>
  );
}

function CredentialRow({ credential }: { credential: ScimCredentialView }) {
  const { t, i18n } = useScimTranslation();
  const lng = i18n.language;
  return (
    <li className="grid gap-1 rounded-lg border p-3 text-sm">
      <span className="font-medium">
        {t(`status.${credential.status}`)} · <span className="font-mono text-xs">{credential.id.slice(-8)}</span>
      </span>
      <span className="text-muted-foreground">
        {t("credential.created", { date: formatDateTime(credential.createdAt, lng) })}
        {" · "}
        {credential.status === "revoked" && credential.revokedAt
          ? t("credential.revoked", { date: formatDateTime(credential.revokedAt, lng) })
          : t("credential.expires", { date: formatDate(credential.expiresAt, lng) })}
        {" · "}
        {credential.lastUsedAt
          ? t("credential.lastUsed", { date: formatDateTime(credential.lastUsedAt, lng) })
          : t("credential.neverUsed")}
      </span>
    </li>
  );
}

/**
 * The organization's SCIM provisioning (docs/scim.md): the base URL and a token to give the IdP, shown
 * once; a new token replaces the old one; revoking stops provisioning. Owners and admins only.
 */
export function ScimSection({ organizationId, name }: { organizationId: string; name: string }) {
  const { t, ready } = useScimTranslation();
  const state = useScimState(organizationId);
  const [token, setToken] = useState<string | null>(null);
  const createToken = useCreateScimToken(organizationId, {
    beforeRefetch: (answer) => {
      setToken(answer.token);
      toast.success(t("token.created"));
    },
  });
  const revokeToken = useRevokeScimToken(organizationId, {
    beforeRefetch: () => {
      setToken(null);
      toast.success(t("token.revoked"));
    },
  });
  const error = latestError(createToken, revokeToken);
  useDocumentTitle(ready ? t("title", { name }) : "");

  const body = () => {
    if (state.isPending) return <Spinner label={t("loading")} />;
    if (state.error instanceof ApiError && state.error.status === 403) {
      return <EmptyState alert title={t("notAllowed.title")} description={t("notAllowed.description")} />;
    }
    if (state.isError) {
      return (
        <div className="grid justify-items-start gap-3">
          <ApiErrorAlert error={state.error} />
          <Button variant="outline" onClick={() => void state.refetch()}>
            {t("retry")}
          </Button>
        </div>
      );
    }
    const data = state.data;
    const create = (
      <Button loading={createToken.isPending} onClick={() => createToken.mutate()}>
        <KeyRound aria-hidden="true" />
        {t("actions.create")}
      </Button>
    );
    return (
      <div className="grid min-w-0 gap-6">
        {token && <TokenPanel token={token} onDone={() => setToken(null)} />}
        <CopyField label={t("baseUrl.label")} value={data.baseUrl} testId="scim-base-url" />
        <p className="text-sm text-muted-foreground">{t("baseUrl.help")}</p>
        <div className="grid gap-1">
          <h3 className="text-base font-semibold">{t("status.heading")}</h3>
          <p className="text-sm" data-testid="scim-status">
            {data.enabled ? t("status.on") : t("status.off")}
          </p>
        </div>
        <ApiErrorAlert error={error} />
        <div className="flex flex-wrap gap-2">
          {!data.enabled ? (
            create
          ) : (
            <>
              <ConfirmDialog
                trigger={
                  <Button variant="outline" loading={createToken.isPending}>
                    <RotateCw aria-hidden="true" />
                    {t("actions.rotate")}
                  </Button>
                }
                title={t("confirm.rotateTitle")}
                description={t("confirm.rotateDescription")}
                confirmLabel={t("actions.rotate")}
                cancelLabel={t("confirm.cancel")}
                onConfirm={() => createToken.mutate()}
              />
              <ConfirmDialog
                trigger={
                  <Button variant="outline" className="text-destructive" loading={revokeToken.isPending}>
                    <Trash2 aria-hidden="true" />
                    {t("actions.revoke")}
                  </Button>
                }
                title={t("confirm.revokeTitle")}
                description={t("confirm.revokeDescription")}
                confirmLabel={t("actions.revoke")}
                cancelLabel={t("confirm.cancel")}
                destructive
                onConfirm={() => revokeToken.mutate()}
              />
            </>
          )}
        </div>
        {data.credentials.length > 0 && (
          <section aria-labelledby="scim-credentials" className="grid gap-2">
            <h3 id="scim-credentials" className="text-base font-semibold">
              {t("credential.heading")}
            </h3>
            <ul className="grid gap-2">
              {data.credentials.map((c) => (
                <CredentialRow key={c.id} credential={c} />
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="scim-what" className="grid gap-2 text-sm">
          <h3 id="scim-what" className="flex items-center gap-2 text-base font-semibold">
            <Users className="size-4" aria-hidden="true" />
            {t("what.heading")}
          </h3>
          <ul className="list-disc grid gap-1 pl-5 text-muted-foreground">
            <li>{t("what.users")}</li>
            <li>{t("what.deprovision")}</li>
            <li>{t("what.groups")}</li>
            <li>{t("what.existing")}</li>
          </ul>
        </section>
      </div>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("heading")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}
