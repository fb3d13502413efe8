import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/api-error.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import type {
  WebhookDeliveryAnswer,
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpointAnswer,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from "@/shared/webhooks.js";
import { keys } from "./keys.js";

/**
 * Where a screen's endpoints live: one organization's (`/api/organizations/:id/webhooks`, owners and
 * admins) or the site's (`/api/admin/webhooks`, site admins). The calls and screens are the same.
 */
export interface WebhookScope {
  /** The API base of the endpoints, without a trailing slash. */
  api: string;
  /** The screen of the endpoint list, and of one endpoint. */
  listHref: string;
  endpointHref: (id: string) => string;
  /** What the signed-in user may do here (the server checks every call again). */
  can: { create: boolean; update: boolean; delete: boolean };
}

export const DELIVERY_PAGE_SIZE = 20;
/** While a delivery is still on its way, the list asks again this often. */
const PENDING_REFRESH_MS = 2000;

const url = (scope: WebhookScope, path = "") => `${scope.api}${path}`;
const endpointUrl = (scope: WebhookScope, id: string, path = "") => url(scope, `/${encodeURIComponent(id)}${path}`);

function send<T>(target: string, method: string, body?: unknown): Promise<T> {
  return fetchJson<T>(target, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
  });
}

export interface EndpointInput {
  url: string;
  events: WebhookEventType[];
  description: string;
}

/** GET / — every endpoint of the scope. */
export function useEndpoints(scope: WebhookScope) {
  return useQuery({
    queryKey: keys.endpoints(scope.api),
    queryFn: async () => (await fetchJson<WebhookEndpointList>(url(scope))).endpoints,
  });
}

const inFlight = (d: WebhookDeliveryView) => d.status === "pending" || d.status === "sending";

/** GET /:id/deliveries — one page, newest first; asked again every 2 s while one of them is on its way. */
export function useDeliveries(scope: WebhookScope, endpointId: string, page: number, pageSize = DELIVERY_PAGE_SIZE) {
  return useQuery({
    queryKey: keys.deliveryPage(scope.api, endpointId, page, pageSize),
    queryFn: () =>
      fetchJson<WebhookDeliveryPage>(
        `${endpointUrl(scope, endpointId, "/deliveries")}?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.deliveries.some(inFlight) ? PENDING_REFRESH_MS : false),
  });
}

/** The last delivery of an endpoint, for the list (the first row of its first page). */
export function useLastDelivery(scope: WebhookScope, endpointId: string) {
  const deliveries = useDeliveries(scope, endpointId, 1, 1);
  return { ...deliveries, data: deliveries.data?.deliveries[0] ?? null };
}

/** Every change refetches the scope's endpoints and deliveries. */
const changes = (scope: WebhookScope) => () => [keys.scope(scope.api)];

/** POST / — the secret is in this answer only. */
export function useCreateEndpoint(
  scope: WebhookScope,
  config?: MutationConfig<WebhookEndpointWithSecret, EndpointInput>,
) {
  return useFeatureMutation(
    (input: EndpointInput) => send<WebhookEndpointWithSecret>(url(scope), "POST", input),
    changes(scope),
    config,
  );
}

export type EndpointPatch = Partial<EndpointInput> & { enabled?: boolean };

/** PATCH /:id — any of url, events, description, enabled. */
export function useUpdateEndpoint(
  scope: WebhookScope,
  id: string,
  config?: MutationConfig<WebhookEndpointAnswer, EndpointPatch>,
) {
  return useFeatureMutation(
    (patch: EndpointPatch) => send<WebhookEndpointAnswer>(endpointUrl(scope, id), "PATCH", patch),
    changes(scope),
    config,
  );
}

/** DELETE /:id. */
export function useDeleteEndpoint(scope: WebhookScope, id: string, config?: MutationConfig<WebhookEndpointDeleted>) {
  return useFeatureMutation(
    () => send<WebhookEndpointDeleted>(endpointUrl(scope, id), "DELETE"),
    changes(scope),
    config,
  );
}

/** POST /:id/rotate-secret — a new secret, shown once; the old one keeps signing for 24 hours. */
export function useRotateSecret(scope: WebhookScope, id: string, config?: MutationConfig<WebhookEndpointWithSecret>) {
  return useFeatureMutation(
    () => send<WebhookEndpointWithSecret>(endpointUrl(scope, id, "/rotate-secret"), "POST"),
    changes(scope),
    config,
  );
}

/** POST /:id/test — a `webhook.test` delivery. */
export function useSendTestEvent(scope: WebhookScope, id: string, config?: MutationConfig<WebhookDeliveryAnswer>) {
  return useFeatureMutation(
    () => send<WebhookDeliveryAnswer>(endpointUrl(scope, id, "/test"), "POST"),
    changes(scope),
    config,
  );
}

/** POST /:id/deliveries/:deliveryId/resend — the same message again (same `webhook-id`). */
export function useResendDelivery(
  scope: WebhookScope,
  config?: MutationConfig<WebhookDeliveryAnswer, WebhookDeliveryView>,
) {
  return useFeatureMutation(
    (delivery: WebhookDeliveryView) =>
      send<WebhookDeliveryAnswer>(
        endpointUrl(scope, delivery.endpointId, `/deliveries/${encodeURIComponent(delivery.id)}/resend`),
        "POST",
      ),
    changes(scope),
    config,
  );
}
