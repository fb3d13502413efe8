import { useSession } from "@/lib/api/session.js";
import { authCall } from "@/lib/api-error.js";
import { authClient } from "@/lib/auth-client.js";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";

/** POST /update-user with the name and/or picture (null removes it); the session then carries the new values. */
function updateProfile(data: { name?: string; image?: string | null }) {
  return authCall((fetchOptions) => authClient.updateUser({ ...data, fetchOptions } as never));
}

export type ProfileChange = { name?: string; image?: string | null };

/** Saves the name or picture (updateProfile), then the session, which shows them, refetches. */
export function useUpdateProfile(config?: MutationConfig<unknown, ProfileChange>) {
  const { refetch } = useSession();
  return useFeatureMutation(
    async (change: ProfileChange) => {
      await updateProfile(change);
      await refetch();
    },
    () => [],
    config,
  );
}
