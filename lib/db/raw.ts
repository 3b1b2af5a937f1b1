/**
 * SQL straight on the database driver, for the writes of every public
 * submission (response, answers, counters, the form's guard, the rate limit)
 * and the other writes that share those statements. Prisma costs about as
 * much CPU per statement as the statement itself there; here a
 * submission is one synchronous block on SQLite and one round trip per
 * statement on PostgreSQL, and nothing changes in what is stored:
 *
 * - SQLite: the SAME better-sqlite3 connection as Prisma's adapter, under the
 *   SAME FIFO lock (lib/db/sqlite-adapter.ts), so it can never interleave with
 *   a Prisma transaction; a transaction is `BEGIN IMMEDIATE … COMMIT` run
 *   synchronously with cached prepared statements, rolled back on any error,
 *   and the connection is never handed back inside it (prisma/prisma#29933).
 *   Concurrent transactions share one COMMIT, each in its own SAVEPOINT
 *   (group commit, below).
 * - PostgreSQL: a client of the pool PrismaPg uses; BEGIN … COMMIT, ROLLBACK
 *   on error; a client whose connection broke is destroyed, not pooled.
 * - Values are bound as Prisma binds them (lib/db/values.ts): DateTime as ISO
 *   text with "+00:00" / UTC wall time, booleans as 0/1 on SQLite.
 * - Rows come back as the driver gives them: on SQLite booleans are 0/1 and
 *   DateTimes ISO text (read them with Boolean() and new Date()).
 * - Driver errors are thrown as they are; lib/db/errors.ts recognises their
 *   unique violations.
 *
 * A statement is written once, with `?` placeholders (the `sql` tag), for
 * both databases; PostgreSQL gets `$1, $2, …` in its place.
 *
 * A transaction's work is a generator: it `yield*`s its statements
 * (`yield* exec(…)`, `const rows = yield* query(…)`) and cannot await
 * anything else, so on SQLite the whole transaction runs in one synchronous
 * block while it holds the connection (it can never wait for a Prisma query,
 * which would wait for it), and on PostgreSQL each statement is awaited.
 * A failing statement ends the transaction: the work cannot catch it.
 */
import { createHash } from "node:crypto";
import type BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { db, driver } from "./client";
import { retryOnWriteConflict } from "./errors";
import type { SerializedSqliteAdapter, SerializedSqliteAdapterFactory } from "./sqlite-adapter";
import { parsePostgresTimestamp, postgresValue, sqliteValue } from "./values";

/** A list bound as ONE parameter: a PostgreSQL array (anyOf, and `unnest` in lib/outbox/record.ts). Not on SQLite. */
export type RawList = readonly (string | number | null)[];
export type RawValue = string | number | bigint | boolean | Date | null | RawList;

/** SQL with `?` placeholders and the values that fill them, in order. */
export class RawSql {
  constructor(
    readonly sql: string,
    readonly values: readonly RawValue[],
    /**
     * PostgreSQL: run as a named (prepared) statement on each connection (prepareOnce()): parsed
     * once, and planned once for all after PostgreSQL's first few plans (a generic plan). Such a
     * plan is made for the tables' sizes at that moment, and kept until an ANALYZE: the outbox
     * thread's connections plan without sequential scans for that (lib/outbox/thread-db.ts).
     */
    readonly prepare = false,
  ) {}
}

/**
 * The same statement, prepared once per connection on PostgreSQL (SQLite caches every
 * statement anyway). Only for a statement whose text never changes (values, lists included, are
 * parameters: anyOf), so that the prepared statements stay few. For the statements of every
 * round of the outbox worker, whose lists of ids PostgreSQL planned anew each time, element by
 * element: ~1.8 ms for 128 ids, more than running it.
 */
export const prepareOnce = (statement: RawSql): RawSql => new RawSql(statement.sql, statement.values, true);

/**
 * `column IN (values)`: on PostgreSQL `= ANY(?)` with the list as one array parameter, so the
 * statement's text does not change with the list's length (it can be prepareOnce()); on SQLite an
 * `IN` list of parameters.
 */
export function anyOf(column: RawSql, values: readonly string[]): RawSql {
  if (driver.provider === "postgresql") return sql`${column} = ANY(CAST(${values} AS TEXT[]))`;
  return sql`${column} IN (${join(values.map((value) => sql`${value}`))})`;
}

/** sql`… ${value} …`: each value becomes a `?` placeholder; a nested RawSql is inlined with its values. */
export function sql(strings: TemplateStringsArray, ...values: (RawValue | RawSql)[]): RawSql {
  let text = strings[0];
  const bound: RawValue[] = [];
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value instanceof RawSql) {
      text += value.sql;
      bound.push(...value.values);
    } else {
      text += "?";
      bound.push(value);
    }
    text += strings[i + 1];
  }
  return new RawSql(text, bound);
}

/** The parts one after the other, `separator` between them (e.g. the rows of a multi-row VALUES). */
export function join(parts: readonly RawSql[], separator = ", "): RawSql {
  const texts: string[] = [];
  const values: RawValue[] = [];
  for (const part of parts) {
    texts.push(part.sql);
    for (const value of part.values) values.push(value);
  }
  return new RawSql(texts.join(separator), values);
}

export const empty = new RawSql("", []);

/**
 * Which shard of a sharded counter (AnswerStat, FormResponseShard) a write
 * adds to, as SQL. PostgreSQL: one per connection (its backend's pid), so two
 * concurrent submissions to one form rarely lock the same counter row and do
 * not wait for each other's commit (and its WAL flush): they commit together.
 * A counter is the SUM of its shards. SQLite has one writer: shard 0.
 */
export const COUNTER_SHARDS = 16;
export const counterShard = (): RawSql =>
  driver.provider === "postgresql" ? new RawSql(`(pg_backend_pid() % ${COUNTER_SHARDS})`, []) : new RawSql("0", []);

interface Step {
  statement: RawSql;
  /** An `afterCommit` callback, not a statement: rawTransaction keeps it (the executors never see one). */
  afterCommit?: () => void;
  /** true: the rows it returns; false: how many rows it changed. */
  rows: boolean;
  /** A write whose result nobody reads (`write`): PostgreSQL may send it with the next statement. */
  deferred?: boolean;
  /** A `claim`: it must change exactly one row, else the transaction fails with this error. */
  refused?: () => Error;
  /** A `claimShared`: a SELECT … FOR SHARE that must return exactly one row, first in its statement. */
  shared?: boolean;
}

/** The work of one transaction (see the module comment). */
export type RawWork<T> = Generator<Step, T, unknown>;

/** In a transaction: runs a statement, giving how many rows it changed. */
export function* exec(statement: RawSql): RawWork<number> {
  return (yield { statement, rows: false }) as number;
}

/**
 * In a transaction: an INSERT/UPDATE/DELETE whose result nobody reads. On
 * SQLite it runs at once; on PostgreSQL consecutive writes travel as ONE
 * statement (data-modifying WITH clauses) with the next `claim`, or on their
 * own before the next statement (or before COMMIT): one round trip instead of
 * one each. Its errors (a unique violation) surface there, still inside the
 * transaction, which rolls back.
 */
export function* write(statement: RawSql): RawWork<void> {
  yield { statement, rows: false, deferred: true };
}

/**
 * In a transaction: an UPDATE that must change exactly one row (a counter
 * taken under a condition, e.g. a form's slot); when it changes none, the
 * transaction rolls back and fails with `refused()`. It must read nothing the
 * `write`s before it change (it runs in their statement, which sees the rows
 * as they were before it).
 *
 * On PostgreSQL it travels with the writes before it as ONE statement, and
 * when the transaction is nothing but such writes ending in a claim (a
 * submission), that statement runs on its own, as its own transaction: one
 * round trip, and the row locks it takes (the form's counter) are held from
 * the claim to the commit inside the server only, never across a round trip
 * to this process. Under load, that wait for the application (a busy event
 * loop, then COMMIT) was what every other submission to the form queued on.
 */
export function* claim(statement: RawSql, refused: () => Error): RawWork<void> {
  yield { statement, rows: false, deferred: true, refused };
}

/**
 * PostgreSQL, in a transaction: a `SELECT … FOR SHARE` of one row that must
 * find it (else the transaction rolls back and fails with `refused()`), like
 * a claim that changes nothing: it takes a lock that concurrent claimShared
 * statements share and that waits for (and makes wait) any UPDATE of the row.
 * It travels in the statement of the writes around it, as a claim, but runs
 * FIRST in it: a write that waits for it (e.g. of a shard row that a change of
 * the locked row then takes too) is never held while it waits.
 */
export function* claimShared(statement: RawSql, refused: () => Error): RawWork<void> {
  if (driver.provider !== "postgresql") throw new Error("claimShared is PostgreSQL's (SQLite has no row locks)");
  yield { statement, rows: true, deferred: true, refused, shared: true };
}

/** PostgreSQL: `writes` as data-modifying WITH clauses of `main` (one statement, main's result). */
function withWrites(writes: readonly RawSql[], main: RawSql): RawSql {
  if (writes.length === 0) return main;
  return sql`WITH ${join(writes.map((w, i) => sql`${new RawSql(`"w${i}" AS (`, [])}${w})`))} ${main}`;
}

/**
 * In a transaction: `callback` runs once the transaction has committed, after
 * the statements and before rawTransaction resolves; never when it rolls back.
 * A work run again (a write conflict, a group SQLite rolled back) starts with
 * none: only the run that committed counts. For what must not happen unless
 * the rows exist (lib/outbox/enqueue.ts hands its rows to the worker). It
 * must not throw.
 */
export function* afterCommit(callback: () => void): RawWork<void> {
  yield { statement: empty, rows: false, afterCommit: callback };
}

/** A run of `work` that keeps its afterCommit callbacks in `callbacks` (emptied first) and yields only its statements. */
function* keepingCallbacks<T>(work: () => RawWork<T>, callbacks: (() => void)[]): RawWork<T> {
  callbacks.length = 0;
  const steps = work();
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if (step.afterCommit) {
      callbacks.push(step.afterCommit);
      next = steps.next(undefined);
    } else next = steps.next(yield step);
  }
  return next.value;
}

/** In a transaction: runs a statement, giving its rows. */
export function* query<Row>(statement: RawSql): RawWork<Row[]> {
  return (yield { statement, rows: true }) as Row[];
}

/**
 * Bounds a PostgreSQL statement's wait (a lock held elsewhere), as Prisma's
 * interactive transaction timeout did; on SQLite the busy timeout does.
 */
const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * Runs `work` in one transaction: all of it commits, or none of it. On
 * PostgreSQL a transaction aborted to break a lock cycle left nothing behind
 * and runs again (retryOnWriteConflict; a work is a generator function, so it
 * starts from scratch). Our writes take their locks in one order (form row,
 * then its rows), but a cap set or removed while submissions and deletes run
 * can still close a cycle (lib/forms/response-count.ts).
 */
export async function rawTransaction<T>(work: () => RawWork<T>): Promise<T> {
  const callbacks: (() => void)[] = [];
  const result = await runTransaction(() => keepingCallbacks(work, callbacks));
  for (const callback of callbacks) callback();
  return result;
}

async function runTransaction<T>(work: () => RawWork<T>): Promise<T> {
  if (driver.provider !== "postgresql") return sqliteTransactionOn(await sqliteAdapter(driver.adapter), work);
  const { pool } = driver;
  return retryOnWriteConflict(() => postgresTransaction(pool, work));
}

/** One statement on its own (autocommit): its rows. */
export async function rawQuery<Row>(statement: RawSql): Promise<Row[]> {
  if (driver.provider === "postgresql") return (await driver.pool.query(postgresQuery(statement))).rows as Row[];
  const adapter = await sqliteAdapter(driver.adapter);
  return adapter.exclusive((connection) => sqliteStep(connection, { statement, rows: true }) as Row[]);
}

/** One statement on its own (autocommit): how many rows it changed. */
export async function rawExec(statement: RawSql): Promise<number> {
  if (driver.provider === "postgresql") return (await driver.pool.query(postgresQuery(statement))).rowCount ?? 0;
  const adapter = await sqliteAdapter(driver.adapter);
  return adapter.exclusive((connection) => sqliteStep(connection, { statement, rows: false }) as number);
}

/**
 * One writing statement of background work (the outbox worker's claims and
 * records): on PostgreSQL autocommit, as rawQuery/rawExec; on SQLite a
 * transaction of its own in the group commit (below), so that it shares the
 * submissions' COMMIT instead of paying one of its own on the one writer.
 */
export function rawWriteQuery<Row>(statement: RawSql): Promise<Row[]> {
  if (driver.provider === "postgresql") return rawQuery<Row>(statement);
  return rawTransaction(() => query<Row>(statement));
}

/** rawWriteQuery giving how many rows it changed. */
export function rawWriteExec(statement: RawSql): Promise<number> {
  if (driver.provider === "postgresql") return rawExec(statement);
  return rawTransaction(() => exec(statement));
}

// SQLite ---------------------------------------------------------------------

/** Prisma's adapter, connected (Prisma connects lazily: make it). */
async function sqliteAdapter(factory: SerializedSqliteAdapterFactory) {
  const connected = factory.connected();
  if (connected) return connected;
  await db.$connect();
  const adapter = factory.connected();
  if (!adapter) throw new Error("Prisma did not connect through the SQLite adapter (lib/db/sqlite-adapter.ts)");
  return adapter;
}

/** Distinct texts are few (one per statement and row count); the bound only guards against a leak. */
const MAX_CACHED_STATEMENTS = 500;
const statementCache = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>();

function prepared(connection: BetterSqlite3.Database, text: string): BetterSqlite3.Statement {
  let cache = statementCache.get(connection);
  if (!cache) statementCache.set(connection, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) {
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
    // Prisma's adapter turns on safe integers for the connection: counts here are small, read them as numbers.
    statement = connection.prepare(text).safeIntegers(false);
    cache.set(text, statement);
  }
  return statement;
}

function sqliteStep(connection: BetterSqlite3.Database, { statement, rows }: Step): unknown {
  const ready = prepared(connection, statement.sql);
  // An array binds the `?` placeholders in order.
  const values = statement.values.map(sqliteValue);
  return rows ? ready.all(values) : ready.run(values).changes;
}

/**
 * Group commit. Transactions that arrive while one is waiting to run share
 * one `BEGIN IMMEDIATE … COMMIT`, each inside its own SAVEPOINT: a work that
 * fails is rolled back to its savepoint and rejected alone, the others go on,
 * and every one is settled only after the shared COMMIT (a failed COMMIT
 * rejects them all; nothing is answered that a kill -9 could still lose).
 * A group is what arrived before its turn came: requests of the same event
 * loop turn, or queued behind the lock; with no concurrency it is one work.
 * The works run one after the other, so each sees the ones before it (a
 * counter claimed by the previous one is claimed), exactly as separate
 * transactions in that order would. This cuts the per-commit cost (the
 * WAL pages of the Response/Answer indexes and one FTS5 segment per commit)
 * to one per group.
 */
interface Queued {
  work: () => RawWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Group {
  queued: Queued[];
  scheduled: boolean;
}

/**
 * On globalThis: Next bundles this module into several chunks (the routes',
 * instrumentation's with the outbox worker), each its own copy; one group per
 * connection for all of them, so the worker's writes join the submissions'.
 */
const globalForGroups = globalThis as unknown as { formloomCommitGroups?: WeakMap<SerializedSqliteAdapter, Group> };
const groups = (globalForGroups.formloomCommitGroups ??= new WeakMap<SerializedSqliteAdapter, Group>());

/** rawTransaction on a given adapter's connection (exported for the adapter's own tests). */
export function sqliteTransactionOn<T>(adapter: SerializedSqliteAdapter, work: () => RawWork<T>): Promise<T> {
  let group = groups.get(adapter);
  if (!group) groups.set(adapter, (group = { queued: [], scheduled: false }));
  const result = new Promise<T>((resolve, reject) => group.queued.push({ work, resolve: resolve as (value: unknown) => void, reject }));
  if (!group.scheduled) {
    group.scheduled = true;
    // After this turn of the event loop: the requests it is handling join the group.
    setImmediate(() => runGroup(adapter, group));
  }
  return result;
}

function runGroup(adapter: SerializedSqliteAdapter, group: Group) {
  let taken: Queued[] | null = null;
  adapter
    .exclusive((connection) => {
      // Everything that arrived until the lock was ours; later arrivals start the next group.
      group.scheduled = false;
      taken = group.queued.splice(0);
      return commitGroup(connection, taken);
    })
    .then(
      (settle) => settle(),
      (error) => {
        // The connection was not handed over (closed, or left inside a transaction): none of these ran.
        if (taken === null) {
          group.scheduled = false;
          taken = group.queued.splice(0);
        }
        for (const queued of taken) queued.reject(error);
      },
    );
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Runs the works in one transaction; gives what settles their promises, to call after the COMMIT. */
function commitGroup(connection: BetterSqlite3.Database, works: Queued[]): () => void {
  const outcomes = new Map<Queued, Outcome>();
  try {
    let pending = works;
    while (pending.length) pending = runInTransaction(connection, pending, outcomes);
  } catch (error) {
    // A ROLLBACK (TO) that failed: nothing of the group is committed; never hand the connection back inside it.
    if (connection.inTransaction) connection.exec("ROLLBACK");
    for (const queued of works) outcomes.set(queued, { ok: false, error });
  }
  return () => {
    for (const queued of works) {
      const outcome = outcomes.get(queued)!;
      if (outcome.ok) queued.resolve(outcome.value);
      else queued.reject(outcome.error);
    }
  };
}

/**
 * One BEGIN … COMMIT over `works`, recording each outcome. Returns the works
 * to run again: those that had succeeded when SQLite itself ended the
 * transaction (an error like SQLITE_FULL rolls all of it back, not only the
 * savepoint), so that only the failing one fails.
 */
function runInTransaction(connection: BetterSqlite3.Database, works: Queued[], outcomes: Map<Queued, Outcome>): Queued[] {
  // IMMEDIATE: the write lock is taken up front, where the busy timeout applies (see sqlite-adapter.ts).
  try {
    prepared(connection, "BEGIN IMMEDIATE").run();
  } catch (error) {
    for (const queued of works) outcomes.set(queued, { ok: false, error });
    return [];
  }
  // One work alone needs no savepoint: its failure rolls back the transaction.
  const savepoints = works.length > 1;
  const done: Queued[] = [];
  for (let i = 0; i < works.length; i++) {
    const queued = works[i];
    try {
      if (savepoints) prepared(connection, "SAVEPOINT formloom_work").run();
      outcomes.set(queued, { ok: true, value: runWork(connection, queued.work) });
      if (savepoints) prepared(connection, "RELEASE formloom_work").run();
      done.push(queued);
    } catch (error) {
      outcomes.set(queued, { ok: false, error });
      if (!connection.inTransaction) return [...done, ...works.slice(i + 1)];
      if (savepoints) {
        prepared(connection, "ROLLBACK TO formloom_work").run();
        prepared(connection, "RELEASE formloom_work").run();
      } else {
        prepared(connection, "ROLLBACK").run();
        return [];
      }
    }
  }
  try {
    prepared(connection, "COMMIT").run();
  } catch (error) {
    // A failed COMMIT leaves the transaction open.
    if (connection.inTransaction) prepared(connection, "ROLLBACK").run();
    for (const queued of done) outcomes.set(queued, { ok: false, error });
  }
  return [];
}

function runWork<T>(connection: BetterSqlite3.Database, work: () => RawWork<T>): T {
  const steps = work();
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    const result = sqliteStep(connection, step);
    if (step.refused && (step.rows ? (result as unknown[]).length : result) !== 1) throw step.refused();
    next = steps.next(result);
  }
  return next.value;
}

// PostgreSQL -----------------------------------------------------------------

const MAX_CACHED_TEXTS = 500;
const postgresTexts = new Map<string, string>();

/** `?` → `$1, $2, …`, outside quoted names and literals. */
export function postgresText(text: string): string {
  let translated = postgresTexts.get(text);
  if (translated !== undefined) return translated;
  let n = 0;
  translated = text.replace(/"[^"]*"|'[^']*'|\?/g, (match) => (match === "?" ? `$${++n}` : match));
  if (postgresTexts.size >= MAX_CACHED_TEXTS) postgresTexts.clear();
  postgresTexts.set(text, translated);
  return translated;
}

const TIMESTAMP_OID = 1114;
/** pg's parsers, except that timestamp columns are read as UTC wall time (pg would take them as local time). */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === TIMESTAMP_OID && format !== "binary" ? parsePostgresTimestamp : pg.types.getTypeParser(oid, format as "text")) as pg.CustomTypesConfig["getTypeParser"],
};

function postgresQuery({ sql, values, prepare }: RawSql): pg.QueryConfig {
  const text = postgresText(sql);
  return { text, values: values.map(postgresValue), types, ...(prepare ? { name: statementName(text) } : {}) };
}

/** A prepared statement's name: a hash of its text, so that one name never stands for two texts. */
const statementName = (text: string) => `formloom_${createHash("sha1").update(text).digest("hex")}`;

/** SQLSTATE division_by_zero: how a claim statement refuses (claimStatement). */
const DIVISION_BY_ZERO = "22012";

/**
 * Held-back writes as statements: each run of writes up to and including a
 * claim is one statement that fails when the claim changed no row (so that
 * it can run as its own transaction: the server itself rolls it back);
 * writes after the last claim are one statement too.
 *
 * In a claim's statement the writes run in their order, then the claim (its
 * main SELECT reads them in that order): the hot rows a submission locks
 * (its form's counters, the form's slot, which every other submission to
 * the form waits for) are the last it touches, and are held only from there
 * to the commit. The order changes nothing in what is stored (one statement,
 * one snapshot); only how long those locks are held.
 */
function writeStatements(steps: readonly Step[]): { statement: RawSql; refused?: () => Error }[] {
  const statements: { statement: RawSql; refused?: () => Error }[] = [];
  let writes: RawSql[] = [];
  for (const step of steps) {
    if (!step.refused) {
      writes.push(step.statement);
      continue;
    }
    const clauses = [...writes.map((w, i) => sql`${new RawSql(`"w${i}" AS (`, [])}${w} RETURNING 1)`), step.shared ? sql`"claimed" AS (${step.statement})` : sql`"claimed" AS (${step.statement} RETURNING 1)`];
    const counts = writes.map((_, i) => new RawSql(`(SELECT COUNT(*) FROM "w${i}")`, []));
    // COUNT(*) of the claim is 1 or 0: 1 / 0 fails the statement, and with it the claim's transaction.
    // The main SELECT runs its WITH clauses in the order it reads them: a shared claim first, a claim last.
    const claimed = new RawSql(`1 / (SELECT COUNT(*) FROM "claimed")`, []);
    const main = sql`SELECT ${join(step.shared ? [claimed, ...counts] : [...counts, claimed])}`;
    statements.push({ statement: sql`WITH ${join(clauses)} ${main}`, refused: step.refused });
    writes = [];
  }
  if (writes.length) statements.push({ statement: withWrites(writes.slice(0, -1), writes.at(-1)!) });
  return statements;
}

/**
 * The first MAX_NAMED_WRITES distinct texts of write statements run as named
 * (prepared) statements: each connection parses and plans one once, then only
 * binds and executes it. A submission's statement is large (its CTEs, VALUES
 * rows, counter upserts) and its parse, analysis and planning were ~30 % of
 * the PostgreSQL CPU it cost (perf, under load); per submission that CPU went
 * from ~1.3 to ~0.9 ms. A text's shape depends on the form (its questions,
 * answers given, notifications), so the count is bounded: every connection
 * keeps at most this many prepared statements; further texts run unnamed.
 * The name is a hash of the text, never reused for another one.
 */
const MAX_NAMED_WRITES = 32;
/** On globalThis, as the commit groups above: one bound for all of Next's copies of this module. */
const globalForNames = globalThis as unknown as { formloomWriteNames?: Map<string, string> };
const writeNames = (globalForNames.formloomWriteNames ??= new Map<string, string>());

function nameOf(text: string): string | undefined {
  const known = writeNames.get(text);
  if (known !== undefined || writeNames.size >= MAX_NAMED_WRITES) return known;
  const name = statementName(text);
  writeNames.set(text, name);
  return name;
}

async function runWrites(target: pg.Pool | pg.PoolClient, { statement, refused }: { statement: RawSql; refused?: () => Error }) {
  try {
    const query = postgresQuery(statement);
    await target.query({ ...query, name: query.name ?? nameOf(query.text) });
  } catch (error) {
    if (refused && (error as { code?: unknown }).code === DIVISION_BY_ZERO) throw refused();
    throw error;
  }
}

/**
 * The writes are held back until a statement needs an answer (`write`,
 * `claim`). A transaction that is nothing but writes (ending in at most one
 * claim: a submission) is that ONE statement, run as its own transaction.
 * Anything else is BEGIN … COMMIT, each statement's wait bounded. (The one
 * statement has no bound of its own: the locks it can wait for are held by
 * such transactions, by other single statements, or by Prisma's
 * transactions, each of which ends within its own bound.)
 */
async function postgresTransaction<T>(pool: pg.Pool, work: () => RawWork<T>): Promise<T> {
  const steps = work();
  let next = steps.next();
  const held: Step[] = [];
  while (!next.done && next.value.deferred) {
    held.push(next.value);
    next = steps.next(undefined);
  }
  if (next.done) {
    const statements = writeStatements(held);
    if (statements.length <= 1) {
      if (statements.length) await runWrites(pool, statements[0]);
      return next.value;
    }
  }

  const client = await pool.connect();
  // A connection that breaks while we hold it must fail this transaction, not crash the process.
  let broken: Error | undefined;
  const onError = (error: Error) => (broken = error);
  client.on("error", onError);
  try {
    await client.query(`BEGIN; SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
    while (!next.done) {
      const step = next.value;
      if (step.deferred) {
        held.push(step);
        next = steps.next(undefined);
        continue;
      }
      for (const statement of writeStatements(held.splice(0))) await runWrites(client, statement);
      const result = await client.query(postgresQuery(step.statement));
      next = steps.next(step.rows ? result.rows : (result.rowCount ?? 0));
    }
    for (const statement of writeStatements(held.splice(0))) await runWrites(client, statement);
    await client.query("COMMIT");
    return next.value;
  } catch (error) {
    // After a failed COMMIT PostgreSQL has ended the transaction already; ROLLBACK then only warns.
    if (!broken) await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.removeListener("error", onError);
    // With an error, the pool destroys the client instead of handing it out again.
    client.release(broken);
  }
}
