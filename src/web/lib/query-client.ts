import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error.js";

/** The app's one query cache; client errors (4xx) are answers, not glitches, so they are not retried. */
export const queryClient = createQueryClient();

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
