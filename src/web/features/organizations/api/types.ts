/** The organization rows and answers these screens read (better-auth 1.7's organization plugin). */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  logo?: string | null;
  metadata?: Record<string, unknown> | string | null;
  createdAt: string | Date;
  /** Members must have two-step verification on (docs/mfa.md "Organization policy"). */
  requireMfa?: boolean;
}

export interface MemberUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}

/** A member's second factors, added by Tessera to the member lists (src/server/auth/organization-mfa-policy.ts). */
export interface MemberMfa {
  twoFactor: "totp" | "otp" | null;
  passkeys: number;
}

export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string | Date;
  user: MemberUser;
  mfa?: MemberMfa;
}

export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: "pending" | "accepted" | "rejected" | "canceled";
  teamId?: string | null;
  inviterId: string;
  expiresAt: string | Date;
  createdAt?: string | Date;
}

/** An invitation to the signed-in user (GET /organization/list-user-invitations). */
export interface UserInvitation extends Invitation {
  organizationName: string;
  /** Who invited the user, by name (Tessera's addition to the engine's answer; null if they are gone). */
  inviterName?: string | null;
}

export interface Team {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string | Date;
  updatedAt?: string | Date | null;
}

export type FullOrganization = Organization & { members: Member[]; invitations: Invitation[]; teams?: Team[] };
