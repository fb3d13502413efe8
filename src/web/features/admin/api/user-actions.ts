import { useQuery } from "@tanstack/react-query";
import { adminCall } from "./admin-client.js";

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
      adminCall<{ sessions: AdminSession[] }>("/admin/list-user-sessions", { userId }).then((r) => r.sessions),
    enabled,
  });
}

/** POST /admin/revoke-user-session: signs that one device out. */
export function revokeUserSession(sessionToken: string) {
  return adminCall("/admin/revoke-user-session", { sessionToken });
}

/** POST /admin/revoke-user-sessions: signs the user out everywhere. */
export function revokeUserSessions(userId: string) {
  return adminCall("/admin/revoke-user-sessions", { userId });
}

/** POST /admin/ban-user; the engine also ends every session of the user. `expiresIn` in seconds, none = forever. */
export function banUser(userId: string, banReason: string, banExpiresIn?: number) {
  return adminCall("/admin/ban-user", {
    userId,
    ...(banReason ? { banReason } : {}),
    ...(banExpiresIn ? { banExpiresIn } : {}),
  });
}

/** POST /admin/unban-user. */
export function unbanUser(userId: string) {
  return adminCall("/admin/unban-user", { userId });
}

/** POST /admin/set-role with one or several roles. */
export function setUserRoles(userId: string, roles: string[]) {
  return adminCall("/admin/set-role", { userId, role: roles });
}

/** POST /admin/set-user-password. */
export function setUserPassword(userId: string, newPassword: string) {
  return adminCall("/admin/set-user-password", { userId, newPassword });
}

/** POST /admin/remove-user: the user, their sessions and accounts; cannot be undone. */
export function removeUser(userId: string) {
  return adminCall("/admin/remove-user", { userId });
}

/** POST /admin/reset-user-mfa (Tessera's own): two-step off, authenticator and passkeys removed, the user mailed. */
export function resetUserMfa(userId: string) {
  return adminCall<{ status: boolean; removed: { twoFactor: string | null; passkeys: number } }>(
    "/admin/reset-user-mfa",
    { userId },
  );
}

/** POST /admin/impersonate-user: this browser becomes the user until stop or timeout. */
export function impersonateUser(userId: string) {
  return adminCall("/admin/impersonate-user", { userId });
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
  return adminCall<{ user: { id: string } }>("/admin/create-user", {
    name,
    email,
    password,
    // Naming any role needs set-role rights; none means the engine's default ("user").
    ...(roles.length ? { role: roles } : {}),
    data: { emailVerified },
  });
}
