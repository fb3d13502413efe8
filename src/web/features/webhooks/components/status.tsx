import { cn } from "@/lib/cn.js";
import type { WebhookDeliveryStatus, WebhookEndpointView } from "@/shared/webhooks.js";
import { useWebhooksTranslation } from "../hooks/use-webhooks-translation.js";

const badge = "inline-flex w-fit items-center rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap";

const DELIVERY_TONE: Record<WebhookDeliveryStatus, string> = {
  succeeded: "border-success/50 text-success",
  failed: "border-destructive/50 text-destructive",
  pending: "border-border text-muted-foreground",
  sending: "border-border text-muted-foreground",
};

/** A delivery's state in words (never colour alone). */
export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useWebhooksTranslation();
  const labels: Record<WebhookDeliveryStatus, string> = {
    succeeded: t("deliveryStatus.succeeded"),
    failed: t("deliveryStatus.failed"),
    pending: t("deliveryStatus.pending"),
    sending: t("deliveryStatus.sending"),
  };
  return (
    <span className={cn(badge, DELIVERY_TONE[status])} data-status={status}>
      {labels[status]}
    </span>
  );
}

/** On, or off and why: by a person, or after failing for days. */
export function EndpointStateBadge({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useWebhooksTranslation();
  if (endpoint.enabled)
    return <span className={cn(badge, "border-success/50 text-success")}>{t("state.enabled")}</span>;
  return (
    <span className={cn(badge, endpoint.disabledReason === "failing" ? DELIVERY_TONE.failed : DELIVERY_TONE.pending)}>
      {endpoint.disabledReason === "failing" ? t("state.disabledFailing") : t("state.disabledManual")}
    </span>
  );
}
