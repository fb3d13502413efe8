import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type MutationConfig, useFeatureMutation } from "@/lib/query-client.js";
import { adminCall } from "./admin-client.js";
import { keys } from "./keys.js";

/** A session of a user as POST /admin/list-user-sessions returns it. */
export interface AdminSession {
  id: string;
  token: string;
  userId: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  expiresAt: string | Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  impersonatedBy?: string | null;
}

/** POST /admin/list-user-sessions. */
export function useUserSessions(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.sessions(userId),
    queryFn: () =>
      adminCall<{ sessions: AdminSession[] }>("/admin/list-user-sessions", { userId }).then((r) => r.sessions),
    enabled,
  });
}

/** POST /admin/revoke-user-session: signs that one device out. */
export function useRevokeUserSession(userId: string, config?: MutationConfig<unknown, AdminSession>) {
  return useFeatureMutation(
    (session: AdminSession) => adminCall("/admin/revoke-user-session", { sessionToken: session.token }),
    () => [keys.sessions(userId)],
    config,
  );
}

/** POST /admin/revoke-user-sessions: signs the user out everywhere. */
export function useRevokeUserSessions(userId: string, config?: MutationConfig<unknown>) {
  return useFeatureMutation(
    () => adminCall("/admin/revoke-user-sessions", { userId }),
    () => [keys.sessions(userId)],
    config,
  );
}

export interface BanInput {
  reason: string;
  /** In seconds; none = forever. */
  expiresIn?: number;
}

/** POST /admin/ban-user; the engine also ends every session of the user. */
export function useBanUser(userId: string, config?: MutationConfig<unknown, BanInput>) {
  return useFeatureMutation(
    ({ reason, expiresIn }: BanInput) =>
      adminCall("/admin/ban-user", {
        userId,
        ...(reason ? { banReason: reason } : {}),
        ...(expiresIn ? { banExpiresIn: expiresIn } : {}),
      }),
    () => keys.userScreens(userId),
    config,
  );
}

/** POST /admin/unban-user. */
export function useUnbanUser(userId: string, config?: MutationConfig<unknown>) {
  return useFeatureMutation(
    () => adminCall("/admin/unban-user", { userId }),
    () => keys.userScreens(userId),
    config,
  );
}

/** POST /admin/set-role with one or several roles. */
export function useSetUserRoles(userId: string, config?: MutationConfig<unknown, string[]>) {
  return useFeatureMutation(
    (roles: string[]) => adminCall("/admin/set-role", { userId, role: roles }),
    () => keys.userScreens(userId),
    config,
  );
}

/** POST /admin/set-user-password. */
export function useSetUserPassword(userId: string, config?: MutationConfig<unknown, string>) {
  return useFeatureMutation(
    (newPassword: string) => adminCall("/admin/set-user-password", { userId, newPassword }),
    () => keys.userScreens(userId),
    config,
  );
}

/**
 * POST /admin/remove-user: the user, their sessions and accounts; cannot be undone. Their page's cache
 * goes (after the screen's `beforeRefetch`), and the list refetches.
 */
export function useRemoveUser(userId: string, { beforeRefetch, ...config }: MutationConfig<unknown> = {}) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    () => adminCall("/admin/remove-user", { userId }),
    () => [keys.users],
    {
      ...config,
      beforeRefetch: async (data) => {
        await beforeRefetch?.(data);
        queryClient.removeQueries({ queryKey: keys.user(userId) });
      },
    },
  );
}

/** POST /admin/reset-user-mfa (Tessera's own): two-step off, authenticator and passkeys removed, the user mailed. */
export function useResetUserMfa(userId: string, config?: MutationConfig<unknown>) {
  return useFeatureMutation(
    () =>
      adminCall<{ status: boolean; removed: { twoFactor: string | null; passkeys: number } }>("/admin/reset-user-mfa", {
        userId,
      }),
    () => keys.userScreens(userId),
    config,
  );
}

/** POST /admin/impersonate-user: this browser becomes the user until stop or timeout. */
export function useImpersonateUser(userId: string, config?: MutationConfig<unknown>) {
  return useFeatureMutation(
    () => adminCall("/admin/impersonate-user", { userId }),
    () => [],
    config,
  );
}

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  roles: string[];
  emailVerified: boolean;
}

/** POST /admin/create-user; answers with the new user; the list refetches. */
export function useCreateUser(config?: MutationConfig<{ user: { id: string } }, CreateUserInput>) {
  return useFeatureMutation(
    ({ name, email, password, roles, emailVerified }: CreateUserInput) =>
      adminCall<{ user: { id: string } }>("/admin/create-user", {
        name,
        email,
        password,
        // Naming any role needs set-role rights; none means the engine's default ("user").
        ...(roles.length ? { role: roles } : {}),
        data: { emailVerified },
      }),
    () => [keys.users],
    config,
  );
}
