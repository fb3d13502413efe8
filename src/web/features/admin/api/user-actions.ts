import { useQuery } from "@tanstack/react-query";
import { authCall } from "../../../lib/api-error.js";
import { adminAuthClient } from "./admin-client.js";

const admin = adminAuthClient.admin;

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

export const userSessionsKey = (userId: string) => ["admin", "sessions", userId] as const;

/** POST /admin/list-user-sessions. */
export function useUserSessions(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: userSessionsKey(userId),
    queryFn: () =>
      authCall<{ sessions: AdminSession[] }>(
        (fetchOptions) => admin.listUserSessions({ userId, fetchOptions }) as never,
      ).then((r) => r.sessions),
    enabled,
  });
}

/** POST /admin/revoke-user-session: signs that one device out. */
export function revokeUserSession(sessionToken: string) {
  return authCall((fetchOptions) => admin.revokeUserSession({ sessionToken, fetchOptions }));
}

/** POST /admin/revoke-user-sessions: signs the user out everywhere. */
export function revokeUserSessions(userId: string) {
  return authCall((fetchOptions) => admin.revokeUserSessions({ userId, fetchOptions }));
}

/** POST /admin/ban-user; the engine also ends every session of the user. `expiresIn` in seconds, none = forever. */
export function banUser(userId: string, banReason: string, banExpiresIn?: number) {
  return authCall((fetchOptions) =>
    admin.banUser({
      userId,
      ...(banReason ? { banReason } : {}),
      ...(banExpiresIn ? { banExpiresIn } : {}),
      fetchOptions,
    }),
  );
}

/** POST /admin/unban-user. */
export function unbanUser(userId: string) {
  return authCall((fetchOptions) => admin.unbanUser({ userId, fetchOptions }));
}

/** POST /admin/set-role with one or several roles. */
export function setUserRoles(userId: string, roles: string[]) {
  return authCall((fetchOptions) => admin.setRole({ userId, role: roles as never, fetchOptions }));
}

/** POST /admin/set-user-password. */
export function setUserPassword(userId: string, newPassword: string) {
  return authCall((fetchOptions) => admin.setUserPassword({ userId, newPassword, fetchOptions }));
}

/** POST /admin/remove-user: the user, their sessions and accounts; cannot be undone. */
export function removeUser(userId: string) {
  return authCall((fetchOptions) => admin.removeUser({ userId, fetchOptions }));
}

/** POST /admin/impersonate-user: this browser becomes the user until stop or timeout. */
export function impersonateUser(userId: string) {
  return authCall((fetchOptions) => admin.impersonateUser({ userId, fetchOptions }));
}

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  roles: string[];
  emailVerified: boolean;
}

/** POST /admin/create-user; answers with the new user. */
export function createUser({ name, email, password, roles, emailVerified }: CreateUserInput) {
  return authCall<{ user: { id: string } }>(
    (fetchOptions) =>
      admin.createUser({
        name,
        email,
        password,
        // Naming any role needs set-role rights; none means the engine's default ("user").
        ...(roles.length ? { role: roles as never } : {}),
        data: { emailVerified },
        fetchOptions,
      }) as never,
  );
}
