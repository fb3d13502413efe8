import { Plus, Webhook } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { EmptyState } from "@/components/ui/empty-state.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { ApiError } from "@/lib/api-error.js";
import { formatDateTime, formatNumber } from "@/lib/format.js";
import type { WebhookEndpointView } from "@/shared/webhooks.js";
import { useCreateEndpoint, useEndpoints, useLastDelivery, type WebhookScope } from "../api/webhooks.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";
import { useWebhooksContext, WebhooksContext } from "../hooks/webhooks-context.js";
import { EndpointForm } from "./endpoint-form.js";
import { SecretPanel } from "./secret-panel.js";
import { DeliveryStatusBadge, EndpointStateBadge } from "./status.js";

/** The provider every webhooks screen sits in: whose endpoints, and which namespace names the events. */
export function WebhooksProvider({
  scope,
  auditNs,
  children,
}: {
  scope: WebhookScope;
  auditNs: string;
  children: ReactNode;
}) {
  return <WebhooksContext.Provider value={{ scope, auditNs }}>{children}</WebhooksContext.Provider>;
}

/** When the server refuses the whole screen (403): no webhooks for this user here. */
export function WebhooksNotAllowed() {
  const { t } = useWebhooksTranslation();
  return <EmptyState alert title={t("notAllowed.title")} description={t("notAllowed.description")} />;
}

/**
 * The endpoints of one organization or of the site: each with its address, description, events,
 * state and last delivery; adding one shows its secret once.
 */
export function WebhookEndpoints({ documentTitle }: { documentTitle: string }) {
  const { t, i18n, ready } = useWebhooksTranslation();
  const { scope } = useWebhooksContext();
  const endpoints = useEndpoints(scope);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ secret: string; endpoint: WebhookEndpointView } | null>(null);
  const create = useCreateEndpoint(scope, {
    beforeRefetch: (answer) => {
      setAdding(false);
      setCreated(answer);
      toast.success(t("create.done"));
    },
  });
  const addButton = useRef<HTMLButtonElement>(null);
  const wasAdding = useRef(false);
  // Closing the form (cancel) gives the keyboard back to the button that opened it.
  useEffect(() => {
    if (wasAdding.current && !adding && !created) addButton.current?.focus();
    wasAdding.current = adding;
  }, [adding, created]);
  useDocumentTitle(ready ? documentTitle : "");

  if (endpoints.error instanceof ApiError && endpoints.error.status === 403) return <WebhooksNotAllowed />;

  return (
    <div className="grid min-w-0 gap-6">
      {created && (
        <div className="grid gap-2">
          <SecretPanel secret={created.secret} url={created.endpoint.url} onDone={() => setCreated(null)} />
          <Link
            to={scope.endpointHref(created.endpoint.id)}
            className="w-fit text-sm font-medium underline underline-offset-4 hover:no-underline"
          >
            {t("list.openCreated")}
          </Link>
        </div>
      )}
      {scope.can.create && !adding && (
        <div>
          <Button ref={addButton} onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t("list.add")}
          </Button>
        </div>
      )}
      {adding && (
        <section aria-labelledby="webhook-create-title" className="grid min-w-0 gap-4 rounded-lg border p-4 sm:p-6">
          <div className="grid gap-1.5">
            <h2 id="webhook-create-title" className="text-lg font-semibold">
              {t("create.title")}
            </h2>
            <p className="text-sm text-muted-foreground">{t("create.description")}</p>
          </div>
          <EndpointForm
            label={t("create.title")}
            submitLabel={t("create.submit")}
            onCancel={() => setAdding(false)}
            save={create}
          />
        </section>
      )}
      <section aria-labelledby="webhook-endpoints" className="grid min-w-0 gap-3">
        <h2 id="webhook-endpoints" className="text-lg font-semibold">
          {t("list.heading")}
        </h2>
        {endpoints.isPending ? (
          <Spinner label={t("loading")} />
        ) : endpoints.isError ? (
          <div className="grid justify-items-start gap-3">
            <ApiErrorAlert error={endpoints.error} />
            <Button variant="outline" onClick={() => void endpoints.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : endpoints.data.length === 0 ? (
          <EmptyState
            icon={<Webhook className="mx-auto mb-2 size-6 text-muted-foreground" aria-hidden="true" />}
            title={t("list.emptyTitle")}
            description={t("list.emptyDescription")}
          />
        ) : (
          <ul className="grid gap-3" aria-labelledby="webhook-endpoints">
            {endpoints.data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
        {endpoints.data && endpoints.data.length > 0 && (
          <p className="text-sm text-muted-foreground">
            {t("list.count", {
              count: endpoints.data.length,
              formatted: formatNumber(endpoints.data.length, i18n.language),
            })}
          </p>
        )}
      </section>
    </div>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t, i18n } = useWebhooksTranslation();
  const { scope } = useWebhooksContext();
  const last = useLastDelivery(scope, endpoint.id);
  return (
    // The URL's link is stretched over the card (an empty span of it): a click anywhere opens the endpoint.
    <li
      className="relative grid min-w-0 gap-2 rounded-lg border bg-card p-4 text-sm hover:bg-accent"
      data-testid="webhook-endpoint"
    >
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <Link
          to={scope.endpointHref(endpoint.id)}
          className="min-w-0 font-mono text-sm font-medium break-all underline-offset-4 hover:underline focus-visible:underline"
        >
          {endpoint.url}
          <span className="absolute inset-0" aria-hidden="true" />
        </Link>
        <EndpointStateBadge endpoint={endpoint} />
      </div>
      {endpoint.description && <p className="break-words">{endpoint.description}</p>}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-muted-foreground">
        <div className="flex gap-1">
          <dt>{t("list.events")}:</dt>
          <dd className="text-foreground">{formatNumber(endpoint.events.length, i18n.language)}</dd>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <dt>{t("list.lastDelivery")}:</dt>
          <dd className="flex flex-wrap items-center gap-1 text-foreground">
            {last.isPending ? (
              "…"
            ) : !last.data ? (
              t("list.noDeliveries")
            ) : (
              <>
                <DeliveryStatusBadge status={last.data.status} />
                {last.data.responseStatus !== null && <span>{last.data.responseStatus}</span>}
                <time dateTime={last.data.createdAt} className="text-muted-foreground">
                  {formatDateTime(last.data.createdAt, i18n.language)}
                </time>
              </>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
