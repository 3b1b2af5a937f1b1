/**
 * The SQLite driver adapter the app uses: Prisma's better-sqlite3 adapter
 * (one connection per process) behind a write path that cannot lose an
 * acknowledged write.
 *
 * Why not the stock adapter as is (@prisma/adapter-better-sqlite3 7.10.0,
 * prisma/prisma#29933):
 * - it starts transactions with a deferred `BEGIN`, so the write lock is only
 *   asked for by the first write or at `COMMIT`, where SQLITE_BUSY is not
 *   always retried by the busy handler (a read snapshot that must be upgraded
 *   fails at once with SQLITE_BUSY_SNAPSHOT);
 * - when `COMMIT` fails, Prisma calls the adapter's `rollback()`, which sends
 *   no `ROLLBACK`: the one shared connection stays inside the transaction, and
 *   every later "autocommit" write joins it and is never committed — the
 *   server answers 201 and the row is gone when the process exits;
 * - if `BEGIN` throws, its mutex is never released and every later
 *   transaction waits forever;
 * - queries outside a transaction are not serialized with an open interactive
 *   transaction on the same connection, so another request's write silently
 *   becomes part of it (and is rolled back with it) and its reads see
 *   uncommitted data.
 *
 * So here: ONE serialized writer per process. Every statement outside a
 * transaction and every transaction takes the same mutex; transactions begin
 * with `BEGIN IMMEDIATE` (the write lock is taken up front, where the busy
 * timeout applies and a failure is clean); in WAL mode a transaction that holds
 * the write lock cannot get SQLITE_BUSY at COMMIT; and `rollback()` really
 * rolls back whenever the connection is still inside a transaction. The
 * submission hot path (lib/db/raw.ts) uses this same connection under this
 * same lock, through `exclusive()`.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type BetterSqlite3 from "better-sqlite3";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";

/** The better-sqlite3 connection inside Prisma's adapter (a public field in its JS). */
type Connection = BetterSqlite3.Database;

/** The connection of a connected @prisma/adapter-better-sqlite3 adapter (also used by lib/db/migrations.ts). */
export function betterSqliteConnection(adapter: SqlDriverAdapter): Connection {
  const connection = (adapter as unknown as { client?: Connection }).client;
  if (typeof connection?.inTransaction !== "boolean") {
    throw new Error("@prisma/adapter-better-sqlite3 changed: its connection is no longer reachable (see lib/db/sqlite-adapter.ts)");
  }
  return connection;
}

export interface SqliteOptions {
  /** Absolute path of the database file. */
  file: string;
  /** How long a writer waits for another process's lock before SQLITE_BUSY. */
  busyTimeoutMs: number;
  /**
   * NORMAL: a commit is on the OS before it returns (survives a process crash,
   * kill -9); FULL also fsyncs it (survives power loss), at ~0.25 ms per commit.
   */
  synchronous: "NORMAL" | "FULL";
}

/** A FIFO lock: the adapter's one connection is used by one holder at a time. */
class Lock {
  #tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => next);
    await previous;
    let released = false;
    return () => {
      if (!released) {
        released = true;
        release();
      }
    };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

class SerializedTransaction implements Transaction {
  readonly provider = "sqlite" as const;
  readonly options = { usePhantomQuery: false };
  #done = false;

  constructor(
    readonly adapterName: string,
    private readonly inner: SqlDriverAdapter,
    private readonly connection: Connection,
    private readonly release: () => void,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.inner.queryRaw(query);
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.inner.executeRaw(query);
  }

  /** Prisma has already run COMMIT through executeRaw when this is called. */
  async commit(): Promise<void> {
    this.finish();
  }

  /**
   * Called after Prisma's own ROLLBACK, and also — with no ROLLBACK sent — after
   * a failed COMMIT: never hand the connection back while still inside it.
   */
  async rollback(): Promise<void> {
    try {
      if (this.connection.inTransaction) await this.inner.executeScript("ROLLBACK");
    } finally {
      this.finish();
    }
  }

  createSavepoint(name: string): Promise<void> {
    return this.inner.executeScript(`SAVEPOINT ${name}`);
  }

  rollbackToSavepoint(name: string): Promise<void> {
    return this.inner.executeScript(`ROLLBACK TO ${name}`);
  }

  releaseSavepoint(name: string): Promise<void> {
    return this.inner.executeScript(`RELEASE SAVEPOINT ${name}`);
  }

  private finish() {
    if (this.#done) return;
    this.#done = true;
    this.release();
  }
}

export class SerializedSqliteAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  readonly #lock = new Lock();

  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly connection: Connection,
  ) {
    this.adapterName = inner.adapterName;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.#lock.run(() => this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.#lock.run(() => this.inner.executeRaw(query));
  }

  executeScript(script: string): Promise<void> {
    return this.#lock.run(() => this.inner.executeScript(script));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE") {
      // SQLite transactions are serializable; the stock adapter rejects the rest too.
      throw new Error(`SQLite supports only the SERIALIZABLE isolation level (got ${isolationLevel})`);
    }
    const release = await this.#lock.acquire();
    try {
      await this.inner.executeScript("BEGIN IMMEDIATE");
    } catch (error) {
      release();
      throw error;
    }
    return new SerializedTransaction(this.adapterName, this.inner, this.connection, release);
  }

  getConnectionInfo() {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: false };
  }

  isOpen(): boolean {
    return this.connection.open;
  }

  /**
   * Runs `work` synchronously on the connection while holding the same lock
   * as every Prisma query and transaction (lib/db/raw.ts, the submission hot
   * path). The connection is never handed out inside a transaction: `work`
   * must end any transaction it begins, and a connection left inside one
   * (the #29933 state) is refused rather than joined.
   */
  exclusive<T>(work: (connection: Connection) => T): Promise<T> {
    return this.#lock.run(async () => {
      if (!this.connection.open) throw new Error("The SQLite connection is closed");
      if (this.connection.inTransaction) throw new Error("The SQLite connection was left inside a transaction");
      return work(this.connection);
    });
  }

  dispose(): Promise<void> {
    return this.#lock.run(() => this.inner.dispose());
  }
}

export class SerializedSqliteAdapterFactory implements SqlDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  readonly #stock: PrismaBetterSqlite3;
  #connected: SerializedSqliteAdapter | null = null;

  constructor(private readonly options: SqliteOptions) {
    this.#stock = new PrismaBetterSqlite3({ url: `file:${options.file}`, timeout: options.busyTimeoutMs });
    this.adapterName = this.#stock.adapterName;
    walAutocheckpoint.factories.add(new WeakRef(this));
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#stock.connect();
    const connection = betterSqliteConnection(inner);
    // WAL: readers never block the writer, and a writer that holds the lock
    // commits without waiting for readers. Persistent in the file.
    await inner.executeScript(
      `PRAGMA journal_mode = WAL; PRAGMA synchronous = ${this.options.synchronous}; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${this.options.busyTimeoutMs}; PRAGMA wal_autocheckpoint = ${walAutocheckpoint.frames};`,
    );
    this.#connected = new SerializedSqliteAdapter(inner, connection);
    return this.#connected;
  }

  /** The database file. */
  get file(): string {
    return this.options.file;
  }

  /** Applies the process's wal_autocheckpoint (setWalAutocheckpoint) to the connection, if connected. */
  async applyWalAutocheckpoint(): Promise<void> {
    await this.connected()?.exclusive((connection) => connection.pragma(`wal_autocheckpoint = ${walAutocheckpoint.frames}`));
  }

  /** The adapter Prisma is using (the latest connect()), if it has connected. */
  connected(): SerializedSqliteAdapter | null {
    return this.#connected?.isOpen() ? this.#connected : null;
  }
}

/**
 * WAL pages at which a commit checkpoints, for every connection of the
 * process: SQLite's default until lib/db/checkpointer.ts raises it. Process
 * wide because Next loads lib/db/client.ts once per server chunk, each copy
 * with its own factory and connection (routes, instrumentation).
 */
const globalForWal = globalThis as unknown as {
  formloomWalAutocheckpoint?: { frames: number; factories: Set<WeakRef<SerializedSqliteAdapterFactory>> };
};
/** SQLite's own default (SQLITE_DEFAULT_WAL_AUTOCHECKPOINT). */
export const SQLITE_DEFAULT_WAL_AUTOCHECKPOINT = 1_000;
const walAutocheckpoint = (globalForWal.formloomWalAutocheckpoint ??= { frames: SQLITE_DEFAULT_WAL_AUTOCHECKPOINT, factories: new Set() });

/** The wal_autocheckpoint the process's connections use now (the outbox thread's connection takes it too). */
export const walAutocheckpointFrames = (): number => walAutocheckpoint.frames;

/** Sets wal_autocheckpoint on every connection of the process, now and at every later connect. */
export async function setWalAutocheckpoint(frames: number): Promise<void> {
  if (!Number.isInteger(frames) || frames < 0) throw new Error(`wal_autocheckpoint must be a whole number (got ${frames})`);
  walAutocheckpoint.frames = frames;
  const applying: Promise<void>[] = [];
  for (const ref of walAutocheckpoint.factories) {
    const factory = ref.deref();
    if (factory) applying.push(factory.applyWalAutocheckpoint());
    else walAutocheckpoint.factories.delete(ref);
  }
  await Promise.all(applying);
}
