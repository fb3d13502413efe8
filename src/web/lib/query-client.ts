import {
  QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
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

/** What a feature's mutation hook takes from the screen that uses it: everything but the call itself. */
export type MutationConfig<TData, TVariables = void> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  "mutationFn"
> & {
  /**
   * Runs on success before the refetch: a toast the refetch must not outrun, or leaving a page the
   * refetch would no longer find (a renamed address).
   */
  beforeRefetch?: (data: TData, variables: TVariables) => unknown;
};

/**
 * A feature's `useMutation`: runs `mutationFn`, then the screen's `beforeRefetch`, refetches the queries
 * `invalidates` names (from the feature's `api/keys.ts`), then runs the screen's `onSuccess` (a
 * navigation to what is now fresh). All are awaited, so `isPending` lasts until the screen shows fresh
 * data, and all run even when the screen that started the call is gone by then.
 */
export function useFeatureMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  invalidates: (variables: TVariables, data: TData) => readonly QueryKey[],
  { beforeRefetch, ...config }: MutationConfig<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    ...config,
    mutationFn,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await beforeRefetch?.(data, variables);
      for (const queryKey of invalidates(variables, data)) await queryClient.invalidateQueries({ queryKey });
      await config.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}

/**
 * `config` with a refusal refetching `queryKeys` too, after the screen's own `onError`: a row changed or
 * gone meanwhile, and the screen then shows what is left. For a feature's hook, which passes it to
 * `useFeatureMutation` in place of the screen's config.
 */
export function refetchingOnError<TData, TVariables>(
  queryClient: QueryClient,
  queryKeys: readonly QueryKey[],
  { onError, ...config }: MutationConfig<TData, TVariables> = {},
): MutationConfig<TData, TVariables> {
  return {
    ...config,
    onError: async (...args) => {
      await onError?.(...args);
      for (const queryKey of queryKeys) await queryClient.invalidateQueries({ queryKey });
    },
  };
}

interface Started {
  submittedAt: number;
  error: unknown;
}

/** The error of the latest call of several that share one error line (a card's buttons): a new call clears the last one's. */
export function latestError(...mutations: Started[]): unknown {
  const latest = mutations.reduce<Started | undefined>(
    (a, b) => (b.submittedAt > (a?.submittedAt ?? 0) ? b : a),
    undefined,
  );
  return latest?.error ?? null;
}
