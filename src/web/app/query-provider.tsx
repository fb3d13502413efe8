import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "../lib/query-client.js";

/**
 * TanStack Query for the screens that fetch through it. It wraps those lazy routes rather than the
 * whole app so the sign-in screen does not download it (bench/web-size.ts); every wrapper shares one cache.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
