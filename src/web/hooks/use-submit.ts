import { useState } from "react";

type State<V> = { pending?: boolean; done?: boolean; error?: unknown; variables?: V };

/**
 * One call's pending and error state, in the shape of TanStack Query's `useMutation` (`mutate`,
 * `isPending`, `isSuccess`, `error`, `variables`, `reset`), for the first-visit screens (sign-in, the
 * language picker), which do not download TanStack Query (docs/decisions/016-web-mutations.md).
 */
export function useSubmit<V = void, R = unknown>(run: (variables: V) => Promise<R>) {
  const [state, setState] = useState<State<V>>({});

  /** Runs the call; resolves with its answer or rejects with its error (also kept in `error`). */
  async function mutateAsync(variables: V) {
    setState({ pending: true, variables });
    try {
      const data = await run(variables);
      setState({ done: true, variables });
      return data;
    } catch (error) {
      setState({ error, variables });
      throw error;
    }
  }

  return {
    mutateAsync,
    /** As `mutateAsync`, for event handlers: a failure is only kept in `error`. */
    mutate: (variables: V) => void mutateAsync(variables).catch(() => {}),
    reset: () => setState({}),
    isPending: !!state.pending,
    isSuccess: !!state.done,
    error: state.error ?? null,
    variables: state.variables,
  };
}
