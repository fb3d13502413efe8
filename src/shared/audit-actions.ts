/**
 * Every action the audit log records (issue 7's list), grouped by what it concerns. Shared: the server
 * validates filters against it, the web app offers it as the action filter and translates each one.
 */
export const AUDIT_ACTIONS = [
  "sign_in.succeeded",
  "sign_in.failed",
  "sign_out",
  "user.signed_up",
  "user.sign_up_attempted",
  "email.verified",
  "email.changed",
  "password.changed",
  "password.reset",
  "account.linked",
  "account.unlinked",
  "session.revoked",
  "user.deleted",
  "organization.created",
  "organization.updated",
  "organization.deleted",
  "member.added",
  "member.removed",
  "member.role_changed",
  "invitation.created",
  "invitation.canceled",
  "invitation.accepted",
  "invitation.rejected",
  "team.created",
  "team.updated",
  "team.deleted",
  "team.member_added",
  "team.member_removed",
  "admin.role_set",
  "admin.user_banned",
  "admin.user_unbanned",
  "admin.impersonation_started",
  "admin.impersonation_stopped",
  "admin.password_set",
  "admin.user_created",
  "admin.user_removed",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
