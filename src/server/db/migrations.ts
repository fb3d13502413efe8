// Long by nature: the list of Tessera's own migrations, append only (a shipped step is never edited or moved).
// See also: the engine's tables are its plugins' schemas, registered in src/server/auth/options.ts (the user's
// `language`: `user.additionalFields` there; an organization's `requireMfa`: auth/organization-mfa-policy.ts).
import { type Kysely, sql } from "kysely";
import type { DialectName } from "./database.js";
import { MEMBERSHIP_LIMIT_SIGNAL } from "./guard-errors.js";
import { migrateOrganizationChanges } from "./organization-changes-migration.js";
import { migrateSsoDomains } from "./sso-domains-migration.js";
import { migrateUserSearchTrigrams } from "./user-search-migration.js";

export interface Migration {
  name: string;
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

/**
 * Our own schema, applied after the engine's tables exist. Append only: a
 * shipped migration is never edited. Each step is idempotent (IF NOT EXISTS).
 */
export const migrations: Migration[] = [
  {
    name: "001_engine_indexes",
    // DESIGN "Where speed comes from": indexes the engine's schema lacks.
    async up(db) {
      await db.schema
        .createIndex("account_provider_account_idx")
        .ifNotExists()
        .on("account")
        .columns(["providerId", "accountId"])
        .execute();
      await db.schema
        .createIndex("member_organization_user_uq")
        .ifNotExists()
        .unique()
        .on("member")
        .columns(["organizationId", "userId"])
        .execute();
      await db.schema.createIndex("session_expires_at_idx").ifNotExists().on("session").column("expiresAt").execute();
      await db.schema
        .createIndex("verification_expires_at_idx")
        .ifNotExists()
        .on("verification")
        .column("expiresAt")
        .execute();
      await db.schema
        .createIndex("invitation_expires_at_idx")
        .ifNotExists()
        .on("invitation")
        .column("expiresAt")
        .execute();
    },
  },
  {
    name: "002_settings",
    async up(db) {
      await db.schema
        .createTable("tessera_setting")
        .ifNotExists()
        .addColumn("key", "varchar(64)", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
  },
  {
    name: "003_membership_limit_guard",
    // docs/behaviour.md#members "Members per organization": the engine counts then inserts, so
    // concurrent accepts overshoot; the limit is enforced where rows are written.
    async up(db, dialect) {
      if (dialect === "postgres") {
        await sql`
          create or replace function tessera_member_limit() returns trigger as $$
          declare lim integer; n integer;
          begin
            select value::integer into lim from tessera_setting where key = 'membership_limit';
            if lim is null then return new; end if;
            -- serialise inserts per organization; each later statement sees committed rows
            perform 1 from organization where id = new."organizationId" for update;
            select count(*) into n from member where "organizationId" = new."organizationId";
            if n >= lim then
              raise exception '${sql.raw(MEMBERSHIP_LIMIT_SIGNAL)}' using errcode = 'P0001';
            end if;
            return new;
          end $$ language plpgsql`.execute(db);
        await sql`drop trigger if exists tessera_member_limit on member`.execute(db);
        await sql`create trigger tessera_member_limit before insert on member
          for each row execute function tessera_member_limit()`.execute(db);
      } else {
        // SQLite has one writer at a time, so the count inside the trigger cannot race.
        await sql`
          create trigger if not exists tessera_member_limit before insert on member
          when (select cast(value as integer) from tessera_setting where key = 'membership_limit')
               <= (select count(*) from member where "organizationId" = new."organizationId")
          begin select raise(abort, '${sql.raw(MEMBERSHIP_LIMIT_SIGNAL)}'); end`.execute(db);
      }
    },
  },
  {
    name: "004_mail_outbox",
    // Mail is written here in the request and delivered by the worker (src/server/mail/, ADR 004).
    // Times are epoch milliseconds (bigint), compared the same way on both dialects.
    async up(db) {
      await db.schema
        .createTable("outbox")
        .ifNotExists()
        .addColumn("id", "varchar(36)", (c) => c.primaryKey())
        .addColumn("kind", "varchar(64)", (c) => c.notNull())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("html", "text", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("availableAt", "bigint", (c) => c.notNull())
        .addColumn("claimToken", "varchar(36)")
        .addColumn("lastError", "text")
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .addColumn("sentAt", "bigint")
        .execute();
      await db.schema
        .createIndex("outbox_status_available_idx")
        .ifNotExists()
        .on("outbox")
        .columns(["status", "availableAt"])
        .execute();
    },
  },
  {
    name: "005_user_search",
    // The admin console's user search (src/server/routes/admin/user-search.ts) and the engine's
    // list-users: prefix LIKE on e-mail and name, newest first, fast at 100,000 users.
    async up(db, dialect) {
      if (dialect === "postgres") {
        // text_pattern_ops answers LIKE 'prefix%' whatever the database collation; e-mails are stored lower-case.
        await sql`create index if not exists user_email_pattern_idx on "user" (email text_pattern_ops)`.execute(db);
        await sql`create index if not exists user_name_lower_pattern_idx on "user" (lower(name) text_pattern_ops)`.execute(
          db,
        );
      } else {
        // SQLite's LIKE ignores ASCII case, so only a NOCASE index can answer it.
        await sql`create index if not exists user_email_nocase_idx on "user" (email collate nocase)`.execute(db);
        await sql`create index if not exists user_name_nocase_idx on "user" (name collate nocase)`.execute(db);
      }
      await db.schema.createIndex("user_created_at_idx").ifNotExists().on("user").column("createdAt").execute();
    },
  },
  {
    name: "006_uploads",
    // Avatars and organization logos the app serves itself (src/server/routes/uploads/). No foreign key
    // to the uploader: a logo outlives the account that uploaded it; unreferenced rows are pruned instead.
    async up(db, dialect) {
      await db.schema
        .createTable("upload")
        .ifNotExists()
        .addColumn("id", "varchar(64)", (c) => c.primaryKey())
        .addColumn("userId", "varchar(255)", (c) => c.notNull())
        .addColumn("contentType", "varchar(32)", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("data", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("upload_user_created_idx")
        .ifNotExists()
        .on("upload")
        .columns(["userId", "createdAt"])
        .execute();
    },
  },
  {
    name: "007_session_impersonated_by",
    // An admin losing their rights ends the sessions they impersonate (src/server/auth/impersonation-rules.ts);
    // it is looked up on every user update.
    async up(db) {
      await db.schema
        .createIndex("session_impersonated_by_idx")
        .ifNotExists()
        .on("session")
        .column("impersonatedBy")
        .execute();
    },
  },
  {
    name: "008_outbox_recipient",
    // At most one sign-up-attempt notice an hour per address looks up recent mail by recipient (auth-mail.ts).
    async up(db) {
      await db.schema
        .createIndex("outbox_recipient_created_idx")
        .ifNotExists()
        .on("outbox")
        .columns(["recipient", "createdAt"])
        .execute();
    },
  },
  {
    name: "009_mfa_trust_floor",
    // "Trust this device" records are the engine's verification values (in Redis with REDIS_URL, where
    // they cannot be listed); a device trusted before this time no longer skips the second step
    // (src/server/auth/mfa/trusted-devices.ts). Epoch milliseconds.
    async up(db) {
      await db.schema
        .createTable("mfa_trust_floor")
        .ifNotExists()
        .addColumn("userId", "varchar(255)", (c) => c.primaryKey())
        .addColumn("notBefore", "bigint", (c) => c.notNull())
        .execute();
    },
  },
  {
    name: "010_webhooks",
    // Webhook endpoints and their deliveries (src/server/webhooks/, docs/webhooks.md). A delivery row is
    // written in the transaction of the audit event it carries and worked off like the mail outbox
    // (src/server/queue/leased-queue.ts). Times are epoch milliseconds, as in the outbox.
    async up(db) {
      await db.schema
        .createTable("webhook_endpoint")
        .ifNotExists()
        .addColumn("id", "varchar(36)", (c) => c.primaryKey())
        .addColumn("organizationId", "varchar(255)")
        .addColumn("url", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("events", "text", (c) => c.notNull())
        .addColumn("enabled", "integer", (c) => c.notNull())
        .addColumn("disabledReason", "varchar(16)")
        .addColumn("secret", "text", (c) => c.notNull())
        .addColumn("previousSecret", "text")
        .addColumn("previousSecretUntil", "bigint")
        .addColumn("failingSince", "bigint")
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .addColumn("updatedAt", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("webhook_endpoint_organization_idx")
        .ifNotExists()
        .on("webhook_endpoint")
        .column("organizationId")
        .execute();
      await db.schema
        .createTable("webhook_delivery")
        .ifNotExists()
        .addColumn("id", "varchar(36)", (c) => c.primaryKey())
        .addColumn("endpointId", "varchar(36)", (c) =>
          c.notNull().references("webhook_endpoint.id").onDelete("cascade"),
        )
        .addColumn("messageId", "varchar(64)", (c) => c.notNull())
        .addColumn("eventType", "varchar(64)", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("availableAt", "bigint", (c) => c.notNull())
        .addColumn("claimToken", "varchar(36)")
        .addColumn("responseStatus", "integer")
        .addColumn("durationMs", "integer")
        .addColumn("lastError", "text")
        .addColumn("createdAt", "bigint", (c) => c.notNull())
        .addColumn("deliveredAt", "bigint")
        .execute();
      await db.schema
        .createIndex("webhook_delivery_status_available_idx")
        .ifNotExists()
        .on("webhook_delivery")
        .columns(["status", "availableAt"])
        .execute();
      await db.schema
        .createIndex("webhook_delivery_endpoint_created_idx")
        .ifNotExists()
        .on("webhook_delivery")
        .columns(["endpointId", "createdAt"])
        .execute();
    },
  },
  {
    name: "011_user_search_contains",
    // The console's user search matches anywhere in e-mail and name (issue 22 item 12). On PostgreSQL
    // trigram GIN indexes answer LIKE '%…%' when the pg_trgm extension can be had (it ships with
    // PostgreSQL but needs a role allowed to create it); without it the search still works, by a scan.
    // SQLite has no such index: its scan of 100,000 rows is measured (bench/sections/admin-search.ts).
    async up(db, dialect) {
      if (dialect !== "postgres") return;
      const trgm = async () =>
        (
          await sql<{
            schema: string;
          }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
            db,
          )
        ).rows[0]?.schema;
      if (!(await trgm())) {
        try {
          // In public, not the connection's first schema: a schema dropped later must not take it along.
          await sql`create extension if not exists pg_trgm with schema public`.execute(db);
        } catch {
          return; // not available or not allowed: the search scans instead
        }
      }
      const schema = await trgm();
      if (!schema) return;
      const ops = sql.raw(`${JSON.stringify(schema)}.gin_trgm_ops`);
      await sql`create index if not exists user_email_trgm_idx on "user" using gin (email ${ops})`.execute(db);
      await sql`create index if not exists user_name_trgm_idx on "user" using gin (lower(name) ${ops})`.execute(db);
    },
  },
  {
    name: "012_sso_domains",
    // Several domains per organization (docs/sso.md "Verified domains", src/server/sso/domains.ts): the
    // engine made the `ssoDomain` table from the SSO companion's schema; here, a domain is verified for one
    // organization only (a unique index over the verified ones, so two verifying at once cannot both win),
    // and the domain each organization had on its connection row (one, before) moves in — verified or
    // pending, with the token of a TXT record already shown, so a published record still verifies.
    up: migrateSsoDomains,
  },
  {
    name: "013_organization_changes",
    // PostgreSQL: what changed in which organization, by triggers, so an organization read's answer is
    // kept while nothing it is made of changed (src/server/db/organization-changes-migration.ts).
    up: migrateOrganizationChanges,
  },
  {
    name: "014_user_search_trigrams",
    // SQLite: the console's search anywhere in e-mail and name by an FTS5 trigram index, kept by triggers
    // (src/server/db/user-search-migration.ts), as PostgreSQL's is by pg_trgm (011).
    up: migrateUserSearchTrigrams,
  },
];
