/** The webhooks screens' query keys, defined once; invalidating `all` refreshes every one. */
export const keys = {
  all: ["webhooks"] as const,
  /** Everything of one scope (its endpoints and their deliveries): what every change refetches. */
  scope: (api: string) => ["webhooks", api] as const,
  endpoints: (api: string) => ["webhooks", api, "endpoints"] as const,
  deliveries: (api: string, endpointId: string) => ["webhooks", api, "deliveries", endpointId] as const,
  deliveryPage: (api: string, endpointId: string, page: number, pageSize: number) =>
    ["webhooks", api, "deliveries", endpointId, page, pageSize] as const,
};
