import { RefreshCw, Send } from "lucide-react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { ApiErrorAlert } from "@/components/errors/api-error-alert.js";
import { Pagination } from "@/components/pagination.js";
import { Button } from "@/components/ui/button.js";
import { EmptyState } from "@/components/ui/empty-state.js";
import { Spinner } from "@/components/ui/spinner.js";
import { formatNumber } from "@/lib/format.js";
import type { WebhookDeliveryView, WebhookEndpointView } from "@/shared/webhooks.js";
import { DELIVERY_PAGE_SIZE, useDeliveries, useResendDelivery } from "../api/webhooks.js";
import { useEventLabel } from "../hooks/use-event-label.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";
import { useWebhooksContext } from "../hooks/webhooks-context.js";
import { DeliveryStatusBadge } from "./status.js";

function formatInstant(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}

function useDeliveryPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get("page"));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next > 1) copy.set("page", String(next));
      else copy.delete("page");
      return copy;
    });
  return [page, setPage] as const;
}

/**
 * The endpoint's deliveries, newest first, a page at a time: a table from tablet width up, cards on a
 * phone. While one is pending or being sent, the page refreshes itself every two seconds.
 */
export function DeliveryList({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t, i18n } = useWebhooksTranslation();
  const { scope } = useWebhooksContext();
  const [page, setPage] = useDeliveryPage();
  const deliveries = useDeliveries(scope, endpoint.id, page);
  const data = deliveries.data;
  const waiting = data?.deliveries.some((d) => d.status === "pending" || d.status === "sending");

  return (
    <section aria-labelledby="webhook-deliveries" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="webhook-deliveries" className="text-lg font-semibold">
          {t("deliveries.heading")}
        </h2>
        <div className="flex min-h-6 flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-muted-foreground">
            {data
              ? t("deliveries.count", { count: data.total, formatted: formatNumber(data.total, i18n.language) })
              : ""}
            {waiting ? ` ${t("deliveries.refreshing")}` : ""}
          </p>
          {deliveries.isFetching && <Spinner label={t("loading")} className="[&_svg]:size-4" />}
          <Button variant="outline" size="sm" onClick={() => void deliveries.refetch()}>
            <RefreshCw aria-hidden="true" />
            {t("deliveries.refresh")}
          </Button>
        </div>
      </div>
      {deliveries.isError && !data ? (
        <div className="grid justify-items-start gap-3">
          <ApiErrorAlert error={deliveries.error} />
          <Button variant="outline" onClick={() => void deliveries.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : !data ? (
        <Spinner label={t("loading")} />
      ) : data.deliveries.length === 0 ? (
        <EmptyState
          title={t("deliveries.emptyTitle")}
          description={data.total > 0 ? t("deliveries.pastEnd") : t("deliveries.emptyDescription")}
        />
      ) : (
        <DeliveryTable deliveries={data.deliveries} />
      )}
      {data && (
        <Pagination
          labels={{
            nav: t("pagination.label"),
            previous: t("pagination.previous"),
            next: t("pagination.next"),
            page: (p, pages) =>
              t("pagination.page", { page: formatNumber(p, i18n.language), pages: formatNumber(pages, i18n.language) }),
          }}
          page={page}
          pageSize={DELIVERY_PAGE_SIZE}
          total={data.total}
          onPage={(next) => {
            setPage(next);
            document.getElementById("webhook-deliveries")?.scrollIntoView({ block: "start" });
          }}
        />
      )}
    </section>
  );
}

function ResendButton({ delivery }: { delivery: WebhookDeliveryView }) {
  const { t, i18n } = useWebhooksTranslation();
  const { scope } = useWebhooksContext();
  const { label } = useEventLabel();
  const resend = useResendDelivery(scope, { beforeRefetch: () => toast.success(t("deliveries.resent")) });
  if (!scope.can.update) return null;
  return (
    <div className="grid justify-items-start gap-1">
      <Button
        variant="outline"
        size="sm"
        loading={resend.isPending}
        aria-label={t("deliveries.resendLabel", {
          event: label(delivery.eventType),
          time: formatInstant(delivery.createdAt, i18n.language),
        })}
        onClick={() => resend.mutate(delivery)}
      >
        <Send aria-hidden="true" />
        {t("deliveries.resend")}
      </Button>
      <ApiErrorAlert error={resend.error} />
    </div>
  );
}

function DeliveryTable({ deliveries }: { deliveries: WebhookDeliveryView[] }) {
  const { t, i18n } = useWebhooksTranslation();
  const { label } = useEventLabel();
  const time = (iso: string | null) =>
    iso ? (
      <time dateTime={iso} className="whitespace-nowrap">
        {formatInstant(iso, i18n.language)}
      </time>
    ) : (
      <span className="text-muted-foreground">—</span>
    );
  const duration = (d: WebhookDeliveryView) =>
    d.durationMs === null ? "—" : t("deliveries.ms", { ms: formatNumber(d.durationMs, i18n.language) });
  const error = (d: WebhookDeliveryView) =>
    d.lastError ? (
      <span className="break-words" lang="en">
        {d.lastError}
      </span>
    ) : (
      <span className="text-muted-foreground">—</span>
    );
  const th = "px-3 py-2 font-medium";
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border lg:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("deliveries.heading")}</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className={th}>
                {t("deliveries.event")}
              </th>
              <th scope="col" className={th}>
                {t("deliveries.status")}
              </th>
              <th scope="col" className={th}>
                {t("deliveries.response")}
              </th>
              <th scope="col" className={th}>
                {t("deliveries.attempts")}
              </th>
              <th scope="col" className={th}>
                {t("deliveries.time")}
              </th>
              <th scope="col" className={th}>
                {t("deliveries.error")}
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">{t("deliveries.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.id} className="border-t align-top" data-testid="webhook-delivery" data-status={d.status}>
                <td className="min-w-28 px-3 py-2 font-medium">{label(d.eventType)}</td>
                <td className="px-3 py-2">
                  <span className="grid gap-1">
                    <DeliveryStatusBadge status={d.status} />
                    {d.status === "pending" && d.nextAttemptAt && (
                      <span className="text-xs text-muted-foreground">
                        {t("deliveries.nextAttempt")}: {time(d.nextAttemptAt)}
                      </span>
                    )}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <span className="grid">
                    <span className="font-mono">{d.responseStatus ?? "—"}</span>
                    {d.durationMs !== null && (
                      <span className="text-xs text-muted-foreground">
                        <span className="sr-only">{t("deliveries.duration")}: </span>
                        {duration(d)}
                      </span>
                    )}
                  </span>
                </td>
                <td className="px-3 py-2" data-testid="webhook-delivery-attempts">
                  {formatNumber(d.attempts, i18n.language)}
                </td>
                <td className="px-3 py-2">{time(d.createdAt)}</td>
                <td className="max-w-56 min-w-32 px-3 py-2">{error(d)}</td>
                <td className="px-3 py-2">
                  <ResendButton delivery={d} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2 lg:hidden" aria-label={t("deliveries.heading")}>
        {deliveries.map((d) => (
          <li
            key={d.id}
            className="grid min-w-0 gap-2 rounded-lg border bg-card p-3 text-sm"
            data-testid="webhook-delivery-card"
            data-status={d.status}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{label(d.eventType)}</span>
              <DeliveryStatusBadge status={d.status} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              <dt className="text-muted-foreground">{t("deliveries.response")}</dt>
              <dd className="font-mono">{d.responseStatus ?? "—"}</dd>
              <dt className="text-muted-foreground">{t("deliveries.duration")}</dt>
              <dd>{duration(d)}</dd>
              <dt className="text-muted-foreground">{t("deliveries.attempts")}</dt>
              <dd>{formatNumber(d.attempts, i18n.language)}</dd>
              <dt className="text-muted-foreground">{t("deliveries.time")}</dt>
              <dd>{time(d.createdAt)}</dd>
              {d.status === "pending" && d.nextAttemptAt && (
                <>
                  <dt className="text-muted-foreground">{t("deliveries.nextAttempt")}</dt>
                  <dd>{time(d.nextAttemptAt)}</dd>
                </>
              )}
              {d.lastError && (
                <>
                  <dt className="text-muted-foreground">{t("deliveries.error")}</dt>
                  <dd className="min-w-0">{error(d)}</dd>
                </>
              )}
            </dl>
            <ResendButton delivery={d} />
          </li>
        ))}
      </ul>
    </>
  );
}
