// The organization reads (docs/decisions/014-organization-reads.md). Here: the entry (the session, kept
// answers, the hand-over to the engine). paths.ts: the reads and their query strings; prepare.ts: the reads
// made once for the engine's options; list-*.ts, full-organization.ts, organizations-page.ts: the answers;
// context.ts, models.ts, statements.ts, pg-statements.ts: the SQL and how it runs; permissions.ts: the
// checks before an answer; blockers.ts: options under which the engine answers every time.
import type { Database } from "../../db/database.js";
import type { Logger } from "../../logger.js";
import type { Auth } from "../auth.js";
import { answersWhileOrganizationUnchanged, type OrganizationAnswers, type ReadAnswer } from "../kept-answers.js";
import type { SessionFastPath } from "../session-fast-path.js";
import { type Engine, engine } from "./answer.js";
import { isReadPath, type OrganizationReadPath, PARAMETERS, parseQuery } from "./paths.js";
import { type Prepared, prepare } from "./prepare.js";

/** What the engine answers to these reads: 200 with this JSON body. */
export type { ReadAnswer } from "../kept-answers.js";

/** The engine's headers on these answers (ctx.json). */
export const READ_HEADERS: Readonly<Record<string, string>> = { "content-type": "application/json" };

export interface OrganizationReadsDeps {
  auth: Auth;
  database: Database;
  sessionFastPath: SessionFastPath;
  /** SESSION_FAST_PATH; off sends every read to the engine. */
  enabled?: boolean;
  logger?: Logger;
}

/**
 * GET /organization/list, list-members, list-invitations and list-teams without the engine's router,
 * hooks and adapter: the session is the session fast path's, the rows are read with the very queries
 * the engine's adapter sends (same SQL, so the same order where the engine sets none), and the answer
 * is built as the engine and our hooks build it. Whenever the engine would refuse, write, or might
 * answer differently (no session, no or another organization, not a member, the MFA policy, a
 * permission, any other query parameter), the engine answers instead.
 * See docs/decisions/014-organization-reads.md; tests/integration/organization-reads-differential.test.ts proves it.
 */
export function createOrganizationReads({
  auth,
  database,
  sessionFastPath,
  enabled = true,
  logger,
}: OrganizationReadsDeps) {
  let state: Promise<Prepared> | undefined;
  const ready = () => {
    state ??= Promise.all([auth.$context, sessionFastPath.blocked()]).then(async ([ctx, blocked]) => {
      const p = prepare(ctx, database, enabled ? blocked.lookup : "SESSION_FAST_PATH=false");
      const off = Object.entries(p.blocked).filter(([, reason]) => reason);
      if (enabled && off.length)
        logger?.warn({ blocked: Object.fromEntries(off) }, "organization read fast path is off");
      return p;
    });
    return state;
  };
  /**
   * PostgreSQL: the kept answers, once the change triggers are checked. A failure to check (the
   * database unreachable at that moment) keeps nothing for now and is tried again at the next read.
   */
  let keeping: Promise<OrganizationAnswers | null> | undefined;
  const keptAnswers = (p: Prepared) => {
    keeping ??= answersWhileOrganizationUnchanged(database, p.organizationTable).then(
      ({ kept, missing, restored }) => {
        if (restored.length) logger?.warn({ restored }, "organization change triggers were missing and are back");
        if (missing.length) logger?.warn({ missing }, "organization read answers are not kept: triggers missing");
        return kept;
      },
      (error) => {
        logger?.warn(
          { err: error },
          "organization change triggers could not be checked; trying again at the next read",
        );
        keeping = undefined;
        return null;
      },
    );
    return keeping;
  };

  /**
   * The fast path's answer to GET <path>?<search> with this Cookie header, or why the engine must answer.
   * `path` is the engine's path (without /api/auth), `search` the query string without "?" ("" for none).
   */
  async function answer(path: string, search: string, cookieHeader: string | null): Promise<ReadAnswer | Engine> {
    const p = await ready();
    if (!isReadPath(path)) return engine("not an organization read");
    const blocked = p.blocked[path];
    if (blocked) return engine(blocked);
    const query = parseQuery(search, PARAMETERS[path]);
    if (!query) return engine("query string");
    const read = await sessionFastPath.readSession(cookieHeader);
    if (read.kind !== "found") return engine(read.kind === "engine" ? read.reason : "no session");
    const { session, user } = read.hit.found;
    try {
      const caller = { token: String(session.token), userId: String(user.id), session };
      const kept = enabled && database.pool ? await keptAnswers(p) : null;
      const scope = kept && p.scopeOf(path, query, caller);
      if (kept && scope) {
        // PostgreSQL: the answer kept for this session and URL while its organization is unchanged.
        const key = `${caller.token}\n${path}?${search}\n${session.activeOrganizationId ?? ""}`;
        const known = await kept.get(key, scope);
        if (known) return known;
        const made = await p.answer(path, query, caller);
        if (made.kind === "answer") kept.set(key, made);
        return made;
      }
      if (!p.reuse) return await p.answer(path, query, caller);
      // SQLite: an answer made since the last commit to the database is given again (see answersWhileUnchanged).
      const key = `${caller.token}\n${path}?${search}`;
      const known = p.reuse.get(key);
      if (known) return known;
      const readAt = p.reuse.version();
      const made = await p.answer(path, query, caller);
      if (made.kind === "answer") p.reuse.set(key, made, readAt);
      return made;
    } catch (error) {
      logger?.warn({ err: error, path }, "organization read fast path failed; the engine answers");
      return engine("failed");
    }
  }

  return {
    answer,
    /**
     * GET /api/organizations: a page of the user's organizations by name, and how many there are, as
     * JSON text. On SQLite a page is given again while nothing has been committed (as the reads above).
     */
    async organizationsPage(userId: string, limit: number, offset: number): Promise<string> {
      const p = await ready();
      const make = async () => JSON.stringify(await p.organizationsPage(userId, limit, offset));
      if (!p.reuse) return make();
      const key = `/api/organizations\n${userId}\n${limit}\n${offset}`;
      const known = p.reuse.get(key);
      if (known) return known.body;
      const readAt = p.reuse.version();
      const body = await make();
      p.reuse.set(key, { kind: "answer", body }, readAt);
      return body;
    },
    /** Why each read is not answered here, if it is not. */
    async blocked(): Promise<Record<OrganizationReadPath, string | null>> {
      return (await ready()).blocked;
    },
  };
}

export type OrganizationReads = ReturnType<typeof createOrganizationReads>;
