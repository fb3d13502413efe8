/** A sign-in button: a configured social provider or an OIDC_PROVIDERS entry, with the name it shows. */
export interface PublicProvider {
  id: string;
  name: string;
}

/**
 * GET /api/public-config (src/server/routes/public-config.ts): what the sign-in screens need before anyone
 * signs in. The web app (src/web/lib/public-config.ts) keeps only well-formed parts of it.
 */
export interface PublicConfig {
  providers: PublicProvider[];
  passwordPolicy: { minLength: number; maxLength: number };
  requireEmailVerification: boolean;
  /** Who may create organizations (ORGANIZATION_CREATORS), so the screens offer it only where it works. */
  organizationCreators: "everyone" | "admins" | "nobody";
}
