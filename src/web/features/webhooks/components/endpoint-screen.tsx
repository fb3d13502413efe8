import { ArrowLeft, Pencil, Power, RotateCw, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog.js";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Button } from "@/components/ui/button.js";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card.js";
import { EmptyState } from "@/components/ui/empty-state.js";
import { Spinner } from "@/components/ui/spinner.js";
import { useDocumentTitle } from "@/hooks/use-document-title.js";
import { ApiError } from "@/lib/api-error.js";
import { formatDateTime } from "@/lib/format.js";
import { latestError } from "@/lib/query-client.js";
import type { WebhookEndpointView } from "@/shared/webhooks.js";
import {
  useDeleteEndpoint,
  useEndpoints,
  useRotateSecret,
  useSendTestEvent,
  useUpdateEndpoint,
} from "../api/webhooks.js";
import { useEventLabel } from "../hooks/use-event-label.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";
import { useWebhooksContext } from "../hooks/webhooks-context.js";
import { DeliveryList } from "./deliveries.js";
import { EndpointForm } from "./endpoint-form.js";
import { SecretPanel } from "./secret-panel.js";
import { EndpointStateBadge } from "./status.js";
import { WebhooksNotAllowed } from "./webhooks-screen.js";

/** One endpoint: what it receives, the actions on it, and its recent deliveries. */
export function WebhookEndpointDetail({ endpointId }: { endpointId: string }) {
  const { t } = useWebhooksTranslation();
  const { scope } = useWebhooksContext();
  const endpoints = useEndpoints(scope);
  const endpoint = endpoints.data?.find((e) => e.id === endpointId);

  const back = (
    <Link
      to={scope.listHref}
      className="inline-flex w-fit items-center gap-1 text-sm font-medium underline-offset-4 hover:underline focus-visible:underline [&_svg]:size-4"
    >
      <ArrowLeft aria-hidden="true" />
      {t("detail.back")}
    </Link>
  );
  if (endpoints.error instanceof ApiError && endpoints.error.status === 403) return <WebhooksNotAllowed />;
  if (endpoints.isPending) return <Spinner label={t("loading")} />;
  if (endpoints.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        {back}
        <ApiErrorAlert error={endpoints.error} />
        <Button variant="outline" onClick={() => void endpoints.refetch()}>
          {t("retry")}
        </Button>
      </div>
    );
  }
  if (!endpoint) {
    return (
      <div className="grid justify-items-start gap-3">
        {back}
        <EmptyState
          alert
          className="w-full"
          title={t("detail.missingTitle")}
          description={t("detail.missingDescription")}
        />
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-6">
      {back}
      <EndpointCard endpoint={endpoint} />
      <DeliveryList endpoint={endpoint} />
    </div>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t, i18n, ready } = useWebhooksTranslation();
  const { scope } = useWebhooksContext();
  const { label } = useEventLabel();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  useDocumentTitle(ready ? t("detail.title", { url: endpoint.url }) : "");
  const test = useSendTestEvent(scope, endpoint.id, { beforeRefetch: () => toast.success(t("detail.testSent")) });
  const toggle = useUpdateEndpoint(scope, endpoint.id, {
    beforeRefetch: (_, { enabled }) => toast.success(enabled ? t("detail.enabled") : t("detail.disabled")),
  });
  const rotate = useRotateSecret(scope, endpoint.id, { beforeRefetch: (answer) => setSecret(answer.secret) });
  const remove = useDeleteEndpoint(scope, endpoint.id, {
    beforeRefetch: () => toast.success(t("detail.deleted")),
    onSuccess: () => navigate(scope.listHref),
  });
  const edit = useUpdateEndpoint(scope, endpoint.id, {
    beforeRefetch: () => {
      setEditing(false);
      toast.success(t("edit.done"));
    },
  });
  // The card's actions share one error line: the latest one's.
  const error = latestError(test, toggle, rotate, remove);

  const cancel = t("confirm.cancel");
  return (
    <div className="grid min-w-0 gap-6">
      {secret && <SecretPanel secret={secret} url={endpoint.url} onDone={() => setSecret(null)} />}
      <Card>
        <CardHeader>
          <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
            <h2 className="min-w-0 font-mono text-sm leading-snug font-semibold break-all sm:text-base">
              {endpoint.url}
            </h2>
            <EndpointStateBadge endpoint={endpoint} />
          </div>
          {endpoint.description && <CardDescription className="break-words">{endpoint.description}</CardDescription>}
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4">
          <ApiErrorAlert error={error} />
          {!endpoint.enabled && endpoint.disabledReason === "failing" && (
            <p className="text-sm text-destructive">{t("detail.failingHint")}</p>
          )}
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted-foreground">{t("detail.secret")}</dt>
            <dd className="font-mono">{t("detail.secretHint", { hint: endpoint.secretHint })}</dd>
            <dt className="text-muted-foreground">{t("detail.created")}</dt>
            <dd>
              <time dateTime={endpoint.createdAt}>{formatDateTime(endpoint.createdAt, i18n.language)}</time>
            </dd>
            <dt className="text-muted-foreground">{t("detail.events", { count: endpoint.events.length })}</dt>
            <dd>
              <ul className="flex flex-wrap gap-1">
                {endpoint.events.map((event) => (
                  <li key={event} className="rounded-md bg-muted px-2 py-0.5 text-xs" title={event}>
                    {label(event)}
                  </li>
                ))}
              </ul>
            </dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            {scope.can.update && (
              <Button variant="outline" loading={test.isPending} onClick={() => test.mutate()}>
                <Send aria-hidden="true" />
                {t("detail.test")}
              </Button>
            )}
            {scope.can.update && !editing && (
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {t("detail.edit")}
              </Button>
            )}
            {scope.can.update && (
              <Button
                variant="outline"
                loading={toggle.isPending}
                onClick={() => toggle.mutate({ enabled: !endpoint.enabled })}
              >
                <Power aria-hidden="true" />
                {endpoint.enabled ? t("detail.disable") : t("detail.enable")}
              </Button>
            )}
            {scope.can.update && (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" loading={rotate.isPending}>
                    <RotateCw aria-hidden="true" />
                    {t("detail.rotate")}
                  </Button>
                }
                title={t("confirm.rotateTitle")}
                description={t("confirm.rotateDescription")}
                confirmLabel={t("confirm.rotate")}
                cancelLabel={cancel}
                onConfirm={() => rotate.mutate()}
              />
            )}
            {scope.can.delete && (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" className="text-destructive" loading={remove.isPending}>
                    <Trash2 aria-hidden="true" />
                    {t("detail.delete")}
                  </Button>
                }
                title={t("confirm.deleteTitle")}
                description={<span className="break-all">{t("confirm.deleteDescription", { url: endpoint.url })}</span>}
                confirmLabel={t("confirm.delete")}
                cancelLabel={cancel}
                destructive
                onConfirm={() => remove.mutate()}
              />
            )}
          </div>
        </CardContent>
      </Card>
      {editing && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("edit.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <EndpointForm
              label={t("edit.title")}
              submitLabel={t("edit.submit")}
              initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
              onCancel={() => setEditing(false)}
              save={edit}
            />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
