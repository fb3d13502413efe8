import { useState } from "react";

type State<V> = { status: "idle" | "pending" | "success" | "error"; error: unknown; variables?: V };

/**
 * One call's pending and error state, in the shape of TanStack Query's `useMutation` (`mutate`,
 * `isPending`, `isSuccess`, `error`, `variables`, `reset`), for the first-visit screens (sign-in, the
 * language picker), which do not download TanStack Query (docs/decisions/016-web-mutations.md).
 */
export function useSubmit<V = void, R = unknown>(run: (variables: V) => Promise<R>) {
  const [state, setState] = useState<State<V>>({ status: "idle", error: null });

  /** Runs the call; resolves with its answer or rejects with its error (also kept in `error`). */
  async function mutateAsync(variables: V) {
    setState({ status: "pending", error: null, variables });
    try {
      const data = await run(variables);
      setState({ status: "success", error: null, variables });
      return data;
    } catch (error) {
      setState({ status: "error", error, variables });
      throw error;
    }
  }

  return {
    mutateAsync,
    /** As `mutateAsync`, for event handlers: a failure is only kept in `error`. */
    mutate: (variables: V) => void mutateAsync(variables).catch(() => {}),
    reset: () => setState({ status: "idle", error: null }),
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    error: state.error,
    variables: state.variables,
  };
}
