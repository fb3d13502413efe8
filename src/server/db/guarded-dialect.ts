import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type InsertQueryNode,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { beginStoreOperation, noteStoreFailure } from "../store-failures.js";
import { isDataConflict, mapDatabaseError } from "./guard-errors.js";

export interface GuardOptions {
  /**
   * SQLite: take the write lock when a transaction begins (`begin immediate`). The engine reads
   * first and writes later in one transaction (sign-up hashes the password in between); with a
   * plain deferred `begin`, a write committed meanwhile by another process (the admin CLI, a
   * second instance starting) makes the transaction's first write fail at once with
   * SQLITE_BUSY, which busy_timeout cannot wait out. Taken up front, the lock is waited for.
   */
  beginImmediate?: boolean;
  /**
   * PostgreSQL: inside a transaction, run each insert our guards may refuse (the unique member pair
   * and the membership-limit trigger on `member`, the seat key on `teamMember`) under a savepoint.
   * A refused statement otherwise aborts the whole transaction, and the engine's compensating write
   * after the refusal (an accepted invitation set back to pending) would fail with "current
   * transaction is aborted", a 500 in place of the refusal. SQLite undoes only the failed statement.
   */
  savepointGuardedInserts?: boolean;
}

/** Tables whose inserts our guards may refuse (see migrations.ts and the engine's unique keys). */
const GUARDED_TABLES = new Set(["member", "teamMember"]);

/**
 * Wraps a dialect so that errors raised by our database guards (unique indexes,
 * limit triggers) reach the engine as the spec's API errors instead of a 500.
 */
export class GuardedDialect implements Dialect {
  constructor(
    private readonly inner: Dialect,
    private readonly options: GuardOptions = {},
  ) {}
  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new GuardedDriver(this.inner.createDriver(), this.options);
  }
  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}

class GuardedDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();
  readonly #original = new WeakMap<DatabaseConnection, DatabaseConnection>();
  /** Per leased connection, how to tell the request that started the lease that it is over. */
  readonly #leases = new Map<DatabaseConnection, () => void>();

  constructor(
    private readonly inner: Driver,
    private readonly options: GuardOptions,
  ) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const end = beginStoreOperation();
    let conn: DatabaseConnection;
    try {
      conn = await this.inner.acquireConnection();
    } catch (error) {
      end();
      throw error;
    }
    let wrapped = this.#wrapped.get(conn);
    if (!wrapped) {
      wrapped = new GuardedConnection(conn, this.options.savepointGuardedInserts === true);
      this.#wrapped.set(conn, wrapped);
      this.#original.set(wrapped, conn);
    }
    this.#leases.set(wrapped, end);
    return wrapped;
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    if (this.options.beginImmediate) {
      await this.#unwrap(conn).executeQuery(CompiledQuery.raw("begin immediate"));
    } else {
      await this.inner.beginTransaction(this.#unwrap(conn), settings);
    }
    if (conn instanceof GuardedConnection) conn.inTransaction = true;
  }
  async commitTransaction(conn: DatabaseConnection) {
    if (conn instanceof GuardedConnection) conn.inTransaction = false;
    return this.inner.commitTransaction(this.#unwrap(conn));
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    if (conn instanceof GuardedConnection) conn.inTransaction = false;
    return this.inner.rollbackTransaction(this.#unwrap(conn));
  }
  async releaseConnection(conn: DatabaseConnection) {
    const end = this.#leases.get(conn);
    this.#leases.delete(conn);
    try {
      await this.inner.releaseConnection(this.#unwrap(conn));
    } finally {
      end?.();
    }
  }
  destroy() {
    return this.inner.destroy();
  }
  #unwrap(conn: DatabaseConnection): DatabaseConnection {
    return this.#original.get(conn) ?? conn;
  }
}

const SAVEPOINT = CompiledQuery.raw("savepoint tessera_guard");
const RELEASE = CompiledQuery.raw("release savepoint tessera_guard");
const ROLLBACK_TO = CompiledQuery.raw("rollback to savepoint tessera_guard");

function isGuardedInsert(query: CompiledQuery): boolean {
  const node = query.query as InsertQueryNode;
  return node.kind === "InsertQueryNode" && GUARDED_TABLES.has(node.into?.table.identifier.name ?? "");
}

class GuardedConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly savepointGuardedInserts: boolean,
  ) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const savepoint = this.savepointGuardedInserts && this.inTransaction && isGuardedInsert(query);
    if (savepoint) await this.inner.executeQuery(SAVEPOINT);
    try {
      const result = await this.inner.executeQuery<R>(query);
      if (savepoint) await this.inner.executeQuery(RELEASE);
      return result;
    } catch (error) {
      if (savepoint) await this.inner.executeQuery(ROLLBACK_TO).then(() => this.inner.executeQuery(RELEASE));
      const mapped = mapDatabaseError(error, query);
      // A guard's refusal or a race's unique violation is an answer; a failing store may have been
      // swallowed on the way (store-failures.ts).
      if (mapped === error && !isDataConflict(error)) noteStoreFailure();
      throw mapped;
    }
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}
