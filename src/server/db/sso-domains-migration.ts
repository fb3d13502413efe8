import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { DialectName } from "./database.js";

/**
 * Migration 012_sso_domains (src/server/db/migrations.ts): an organization's domain moves from its
 * connection row (`ssoProvider.domain`, one per organization before) to `ssoDomain`, one row per domain,
 * and a verified domain belongs to one organization only (a partial unique index). The pending TXT token the
 * engine kept per connection (`_tessera-org-<organization id>`) becomes the domain's own
 * (`sso-domain:<organization id>:<domain>`, src/server/sso/domains.ts), so a record already published verifies.
 */
export async function migrateSsoDomains(db: Kysely<any>, dialect: DialectName) {
  const yes = dialect === "postgres" ? sql`true` : sql`1`;
  const providers = await db
    .selectFrom("ssoProvider")
    .select(["organizationId", "domain", "domainVerified", "userId"])
    .where("organizationId", "is not", null)
    .execute();
  const verifiedSomewhere = new Set(
    (await db.selectFrom("ssoDomain").select("domain").where("verified", "=", yes).execute()).map((r) => r.domain),
  );
  for (const provider of providers) {
    const organizationId = provider.organizationId as string;
    const domains = String(provider.domain ?? "")
      .split(",")
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    for (const domain of domains) {
      const exists = await db
        .selectFrom("ssoDomain")
        .select("id")
        .where("organizationId", "=", organizationId)
        .where("domain", "=", domain)
        .executeTakeFirst();
      if (exists) continue;
      // Never two organizations with one verified domain: a second (a race the old check could lose) waits
      // as a claim.
      const verified = !!provider.domainVerified && !verifiedSomewhere.has(domain);
      if (verified) verifiedSomewhere.add(domain);
      await db
        .insertInto("ssoDomain")
        .values({
          id: randomUUID(),
          organizationId,
          domain,
          verified: dialect === "postgres" ? verified : verified ? 1 : 0,
          createdBy: provider.userId ?? null,
        })
        .execute();
      if (!verified && domains.length === 1) {
        await db
          .updateTable("verification")
          .set({ identifier: `sso-domain:${organizationId}:${domain}` })
          .where("identifier", "=", `_tessera-org-${organizationId}`)
          .execute();
      }
    }
  }
  await db.schema
    .createIndex("sso_domain_organization_domain_uq")
    .ifNotExists()
    .unique()
    .on("ssoDomain")
    .columns(["organizationId", "domain"])
    .execute();
  await sql`create unique index if not exists sso_domain_verified_uq on "ssoDomain" (domain) where verified = ${yes}`.execute(
    db,
  );
}
