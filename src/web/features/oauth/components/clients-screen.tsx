import { Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { Alert } from "@/components/ui/alert.js";
import { Button } from "@/components/ui/button.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { useErrorMessage } from "@/hooks/use-error-message.js";
import type { OAuthClientView } from "@/shared/oauth.js";
import {
  type NewClient,
  useCreateClient,
  useDeleteClient,
  useOAuthClients,
  useRotateClientSecret,
  useUpdateClient,
} from "../api/clients.js";
import { useOAuthTranslation } from "../hooks/use-oauth-translation.js";
import { ClientForm } from "./client-form.js";
import { ClientSecret } from "./client-secret.js";

type Editing = { kind: "none" } | { kind: "create" } | { kind: "edit"; client: OAuthClientView };

/**
 * Apps (OAuth clients): list, add, edit, new secret, delete. The admin console's (the site's clients,
 * and every organization's shown with its owner, managed there) or, with `organization`, that
 * organization's own (never first-party).
 */
export function ClientsScreen({ organization }: { organization?: { id: string; name: string } } = {}) {
  const { t } = useOAuthTranslation();
  const describe = useErrorMessage();
  const clients = useOAuthClients(organization?.id);
  // The tab names the screen: the organization's apps, or the admin console's.
  useDocumentTitle(
    organization ? t("clients.organizationPageTitle", { organization: organization.name }) : t("clients.title"),
  );
  const [editing, setEditing] = useState<Editing>({ kind: "none" });
  const [shown, setShown] = useState<{ clientId: string; secret: string | null } | null>(null);
  const create = useCreateClient(organization?.id, {
    beforeRefetch: ({ client, clientSecret }) => {
      setShown({ clientId: client.clientId, secret: clientSecret });
      setEditing({ kind: "none" });
    },
  });
  const update = useUpdateClient(organization?.id, {
    beforeRefetch: ({ client }) => {
      toast.success(t("clients.saved", { app: client.name }));
      setEditing({ kind: "none" });
    },
  });
  const saving = editing.kind === "edit" ? update : create;
  // The list's actions say how they went in a toast; the list is refetched either way.
  const onError = (e: Error) => void toast.error(describe(e));
  const rotate = useRotateClientSecret(organization?.id, {
    beforeRefetch: ({ clientSecret }, { clientId }) => setShown({ clientId, secret: clientSecret }),
    onError,
  });
  const remove = useDeleteClient(organization?.id, {
    beforeRefetch: (_, { name }) => void toast.success(t("clients.deleted", { app: name })),
    onError,
  });
  function save(values: NewClient) {
    if (editing.kind !== "edit") return create.mutate(values);
    const { type: _fixed, ...input } = values;
    update.mutate({ clientId: editing.client.clientId, input });
  }
  const edit = (next: Editing) => {
    create.reset();
    update.reset();
    setEditing(next);
  };

  const discovery = `${window.location.origin}/.well-known/openid-configuration`;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        {organization ? (
          <>
            <h2 className="text-lg font-semibold">{t("clients.organizationTitle")}</h2>
            <p className="text-sm text-muted-foreground">
              {t("clients.organizationDescription", { organization: organization.name })}
            </p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-semibold">{t("clients.title")}</h1>
            <p className="text-sm text-muted-foreground">{t("clients.description")}</p>
          </>
        )}
        <p className="text-sm">
          {t("clients.discovery")}: <code className="font-mono break-all">{discovery}</code>
        </p>
      </div>
      {shown && <ClientSecret clientId={shown.clientId} secret={shown.secret} onDone={() => setShown(null)} />}
      {editing.kind === "none" ? (
        <div>
          <Button type="button" onClick={() => edit({ kind: "create" })}>
            <Plus aria-hidden="true" />
            {t("clients.add")}
          </Button>
        </div>
      ) : (
        <ClientForm
          key={editing.kind === "edit" ? editing.client.clientId : "new"}
          client={editing.kind === "edit" ? editing.client : undefined}
          allowTrusted={!organization}
          error={saving.error ? describe(saving.error) : null}
          busy={saving.isPending}
          onSubmit={save}
          onCancel={() => setEditing({ kind: "none" })}
        />
      )}
      {clients.isPending && <p className="text-sm text-muted-foreground">{t("loading")}</p>}
      {clients.isError && <Alert variant="destructive">{describe(clients.error)}</Alert>}
      {clients.data?.length === 0 && <p className="text-sm text-muted-foreground">{t("clients.empty")}</p>}
      {clients.data && clients.data.length > 0 && (
        <ul className="grid gap-3" aria-label={organization ? t("clients.organizationTitle") : t("clients.title")}>
          {clients.data.map((client) => (
            <li key={client.clientId} className="grid gap-3 rounded-lg border p-4">
              <div className="grid min-w-0 gap-1">
                <p className="font-medium break-words">{client.name}</p>
                <p className="text-sm">
                  {t("clients.clientId")}: <code className="font-mono break-all">{client.clientId}</code>
                </p>
                <p className="text-sm text-muted-foreground">
                  {client.type === "public" ? t("clients.public") : t("clients.confidential")}
                  {client.trusted ? ` · ${t("clients.trusted")}` : ""}
                </p>
                {client.organization && (
                  <p className="text-sm text-muted-foreground">
                    {t("clients.owner", { organization: client.organization.name })}
                  </p>
                )}
                <p className="text-sm text-muted-foreground">
                  {t("clients.redirectUris")}:{" "}
                  <span className="font-mono break-all">{client.redirectUris.join(", ")}</span>
                </p>
                <p className="font-mono text-sm text-muted-foreground">{client.scopes.join(" ")}</p>
              </div>
              {client.organization && !organization ? (
                <p className="text-sm text-muted-foreground">{t("clients.ownerManages")}</p>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => edit({ kind: "edit", client })}>
                    {t("clients.edit")}
                  </Button>
                  {client.type === "confidential" && (
                    <ConfirmDialog
                      trigger={
                        <Button variant="outline" size="sm">
                          {t("clients.rotate")}
                        </Button>
                      }
                      title={t("clients.rotateTitle", { app: client.name })}
                      description={t("clients.rotateDescription")}
                      confirmLabel={t("clients.rotate")}
                      cancelLabel={t("clients.cancel")}
                      onConfirm={() => rotate.mutate(client)}
                    />
                  )}
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm">
                        {t("clients.delete")}
                      </Button>
                    }
                    title={t("clients.deleteTitle", { app: client.name })}
                    description={t("clients.deleteDescription")}
                    confirmLabel={t("clients.delete")}
                    cancelLabel={t("clients.cancel")}
                    destructive
                    onConfirm={() => remove.mutate(client)}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
