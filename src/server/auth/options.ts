import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { admin, organization } from "better-auth/plugins";
import { z } from "zod";
import { DEFAULT_LANGUAGE_CODE, LANGUAGE_CODES } from "../../shared/languages.js";
import { organizationAc, organizationRoles, siteAc, siteRoles } from "../../shared/permissions.js";
import type { Config } from "../config.js";
import type { Database } from "../db/database.js";
import type { Mailer } from "../mail/mailer.js";
import { templates } from "../mail/templates.js";
import { CLIENT_IP_HEADER } from "./client-ip.js";
import { conformance } from "./conformance.js";
import { engineSocialProviders } from "./social-providers.js";

export interface AuthDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  secret: string;
}

export const AUTH_BASE_PATH = "/api/auth";

const VERIFICATION_EXPIRES_IN = 3600; // SPEC §9
const RESET_PASSWORD_EXPIRES_IN = 3600; // SPEC §9
const DELETE_ACCOUNT_EXPIRES_IN = 86400; // SPEC §9

const languageSchema = z
  .number({ message: `language must be one of ${LANGUAGE_CODES.join(", ")}` })
  .refine((v) => LANGUAGE_CODES.includes(v), { message: `language must be one of ${LANGUAGE_CODES.join(", ")}` });

/** The engine's options, built from config; the one place the engine is configured. */
export function buildAuthOptions({ config, database, mailer, secret }: AuthDeps) {
  const authBase = `${config.baseURL}${AUTH_BASE_PATH}`;
  // Mail links open the web app's routes of SPEC §2, which call the engine.
  const appLink = (url: string) => (url.startsWith(authBase) ? config.baseURL + url.slice(authBase.length) : url);
  const isSiteAdmin = (user: { id: string; role?: string | null }) =>
    config.adminUserIds.includes(user.id) || (user.role ?? "").split(",").includes("admin");

  const plugins = [
    organization({
      ac: organizationAc,
      roles: organizationRoles,
      creatorRole: "owner",
      membershipLimit: config.organization.membershipLimit,
      invitationExpiresIn: config.organization.invitationExpiresIn,
      organizationLimit: config.organization.limit,
      allowUserToCreateOrganization: async (user) =>
        config.organization.creators === "everyone" ||
        (config.organization.creators === "admins" && isSiteAdmin(user as { id: string; role?: string })),
      teams: {
        enabled: true,
        maximumMembersPerTeam: config.organization.teamMemberLimit,
      },
      async sendInvitationEmail({ id, email, role, organization, inviter, invitation }) {
        await mailer.send(
          templates.invitation({
            to: email,
            inviter: inviter.user.name || inviter.user.email,
            organization: organization.name,
            role,
            url: `${config.baseURL}/invitations/${id}`,
            expiresIn: Math.max(0, Math.round((new Date(invitation.expiresAt).getTime() - Date.now()) / 1000)),
          }),
        );
      },
    }),
    admin({ ac: siteAc, roles: siteRoles, adminUserIds: config.adminUserIds }),
    conformance(),
  ] satisfies BetterAuthPlugin[];

  return {
    appName: "Tessera",
    baseURL: config.baseURL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db: database.db, type: database.dialect, transaction: true },
    trustedOrigins: config.trustedOrigins,
    socialProviders: engineSocialProviders(config),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.requireEmailVerification,
      minPasswordLength: config.password.min,
      maxPasswordLength: config.password.max,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await mailer.send(
          templates.resetPassword({
            to: user.email,
            name: user.name,
            url: appLink(url),
            expiresIn: RESET_PASSWORD_EXPIRES_IN,
          }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // SPEC §8 "Email not verified … a verification mail is sent again".
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_IN,
      async sendVerificationEmail({ user, url }) {
        await mailer.send(
          templates.verifyEmail({
            to: user.email,
            name: user.name,
            url: appLink(url),
            expiresIn: VERIFICATION_EXPIRES_IN,
          }),
        );
      },
    },
    user: {
      additionalFields: {
        // SPEC §3 language enumeration, stored as its integer code.
        language: {
          type: "number",
          required: false,
          defaultValue: DEFAULT_LANGUAGE_CODE,
          input: true,
          validator: { input: languageSchema },
        },
      },
      changeEmail: {
        enabled: true,
        async sendChangeEmailConfirmation({ user, newEmail, url }) {
          await mailer.send(
            templates.changeEmailConfirmation({
              to: user.email,
              name: user.name,
              newEmail,
              url: appLink(url),
              expiresIn: VERIFICATION_EXPIRES_IN,
            }),
          );
        },
      },
      deleteUser: {
        enabled: true,
        deleteTokenExpiresIn: DELETE_ACCOUNT_EXPIRES_IN,
        async sendDeleteAccountVerification({ user, url }) {
          await mailer.send(
            templates.deleteAccount({
              to: user.email,
              name: user.name,
              url: appLink(url),
              expiresIn: DELETE_ACCOUNT_EXPIRES_IN,
            }),
          );
        },
      },
    },
    session: {
      expiresIn: config.session.expiresIn,
      updateAge: config.session.updateAge,
      freshAge: config.session.freshAge,
    },
    account: {
      encryptOAuthTokens: true,
      accountLinking: { enabled: true, allowUnlinkingAll: false },
    },
    rateLimit: {
      enabled: config.rateLimitEnabled,
      // One process on SQLite counts in memory; many on PostgreSQL share the count.
      storage: database.dialect === "postgres" ? "database" : "memory",
    },
    advanced: {
      cookiePrefix: "tessera",
      useSecureCookies: config.secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: { disabled: config.env === "test" },
    plugins,
  } satisfies BetterAuthOptions;
}

export type TesseraAuthOptions = ReturnType<typeof buildAuthOptions>;
