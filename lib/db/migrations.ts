/**
 * Migrations without Prisma's native schema engine: the engine compiled to
 * WebAssembly (@prisma/schema-engine-wasm) works in-process through a driver
 * adapter. Migrations keep Prisma's standard folder layout, so a machine with
 * the native engine can still run `prisma migrate deploy` on the same folders.
 *
 * Used by scripts/db.ts (CLI, `npm start`) and the test setup; never imported
 * by the Next.js app.
 */
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type BetterSqlite3 from "better-sqlite3";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { betterSqliteConnection } from "./sqlite-adapter";
import { sqliteBusyTimeoutMs } from "./sqlite-settings";
import { providerOf, sqliteFilePath, type Provider } from "./url";

const root = path.resolve(import.meta.dirname, "../..");

export const schemaPaths: Record<Provider, string> = {
  sqlite: path.join(root, "prisma/schema.prisma"),
  postgresql: path.join(root, "prisma/postgres/schema.prisma"),
};

export const migrationsDirs: Record<Provider, string> = {
  sqlite: path.join(root, "prisma/migrations"),
  postgresql: path.join(root, "prisma/postgres/migrations"),
};

type Engine = Awaited<ReturnType<typeof loadEngineModule>>["SchemaEngine"] extends {
  new: (...args: never[]) => Promise<infer E>;
}
  ? E
  : never;

// The wasm engine reports a Rust panic through this global before it throws.
let lastPanic = "";
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
  set_message(message: string) {
    lastPanic = message;
  },
};

// The engine sets timers and never clears them (its glue has no clearTimeout):
// e.g. the 10 s timeout of its PostgreSQL advisory lock, which would keep a
// CLI that has finished alive for 10 s. They are cleared once no engine runs.
const engineTimers = new Set<ReturnType<typeof setTimeout>>();
let enginesRunning = 0;

// The wasm-bindgen glue holds one module instance: instantiate it once per process.
let engineModule: ReturnType<typeof instantiateEngineModule> | undefined;
function loadEngineModule() {
  engineModule ??= instantiateEngineModule();
  return engineModule;
}

async function instantiateEngineModule() {
  const require = createRequire(import.meta.url);
  const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const bytes = fs.readFileSync(bgPath.replace(/\.js$/, ".wasm"));
  const imports = { ...bg } as unknown as WebAssembly.ModuleImports;
  for (const [name, setTimer] of Object.entries(bg)) {
    if (!name.startsWith("__wbg_setTimeout_")) continue;
    imports[name] = (...args: unknown[]) => {
      const timer = (setTimer as (...a: unknown[]) => ReturnType<typeof setTimeout>)(...args);
      engineTimers.add(timer);
      return timer;
    };
  }
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": imports });
  const exports = instance.exports as unknown as { __wbindgen_start: () => void };
  bg.__wbg_set_wasm(exports);
  exports.__wbindgen_start();
  return bg;
}

function adapterFactory(url: string): SqlMigrationAwareDriverAdapterFactory {
  if (providerOf(url) === "sqlite") {
    const file = sqliteFilePath(url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return withScriptShadow(new PrismaBetterSqlite3({ url: `file:${file}` }));
  }
  const u = new URL(url);
  return withDisposableShadow({
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username || "postgres"),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
  });
}

// PrismaPg's own shadow database is broken in two ways: it builds the shadow
// pool as {...config, database}, where a connection string would win over
// `database` (so config is passed as parts), and it drops the shadow database
// before closing the pool that still uses it. This one closes first.
function withDisposableShadow(config: pg.PoolConfig): SqlMigrationAwareDriverAdapterFactory {
  const factory = new PrismaPg(config);
  return Object.assign(factory, {
    async connectToShadowDb() {
      const main = await factory.connect();
      const database = `prisma_migrate_shadow_db_${randomUUID()}`;
      await main.executeScript(`CREATE DATABASE "${database}"`);
      const pool = charAsTextPool({ ...config, database });
      const shadow = await new PrismaPg(pool).connect();
      const dispose = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await dispose();
        await pool.end();
        await main.executeScript(`DROP DATABASE IF EXISTS "${database}"`);
        await main.dispose();
      };
      return shadow;
    },
  });
}

// adapter-pg cannot read Postgres' internal "char" type (OID 18), which the
// engine meets while describing the shadow database's schema: call it text.
function charAsTextPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  pool.query = (async (...args: unknown[]) => {
    const result = await query(...args);
    for (const field of result.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25;
    return result;
  }) as typeof pool.query;
  return pool;
}

// The engine replays each migration.sql in a shadow database through an
// argument-less executeRaw, which better-sqlite3 prepares as one statement.
function withScriptShadow(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  return Object.assign(Object.create(Object.getPrototypeOf(factory)), factory, {
    connect: () => factory.connect(),
    async connectToShadowDb() {
      const adapter = await factory.connectToShadowDb();
      const executeRaw = adapter.executeRaw.bind(adapter);
      adapter.executeRaw = (query) =>
        query.args.length === 0 ? adapter.executeScript(query.sql).then(() => 0) : executeRaw(query);
      return adapter;
    },
  });
}

/**
 * Runs `work` with a schema engine on `url`, then frees the engine and closes
 * every connection it opened: the engine itself never closes them, and an open
 * SQLite connection can keep holding the write lock.
 */
async function withEngine<T>(provider: Provider, factory: SqlMigrationAwareDriverAdapterFactory, work: (engine: Engine) => Promise<T>): Promise<T> {
  const bg = await loadEngineModule();
  const opened: SqlDriverAdapter[] = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = Object.assign(Object.create(Object.getPrototypeOf(factory)), factory, {
    connect: async () => opened[opened.push(await factory.connect()) - 1],
    connectToShadowDb: async () => opened[opened.push(await factory.connectToShadowDb()) - 1],
  });
  const schema = fs.readFileSync(schemaPaths[provider], "utf8");
  enginesRunning++;
  let engine: Engine | undefined;
  try {
    engine = (await withPanicMessage(
      bg.SchemaEngine.new({ datamodels: [[schemaPaths[provider], schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(tracking)),
    )) as Engine;
    return await withPanicMessage(work(engine));
  } finally {
    engine?.free();
    await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
    if (--enginesRunning === 0) {
      for (const timer of engineTimers) clearTimeout(timer);
      engineTimers.clear();
    }
  }
}

function migrationList(provider: Provider, baseDir = migrationsDirs[provider]) {
  fs.mkdirSync(baseDir, { recursive: true });
  const lockPath = path.join(baseDir, "migration_lock.toml");
  const lockContent = `# Do not edit: written by scripts/db.ts\nprovider = "${provider}"\n`;
  if (!fs.existsSync(lockPath)) fs.writeFileSync(lockPath, lockContent);
  const migrationDirectories = fs
    .readdirSync(baseDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: fs.readFileSync(path.join(baseDir, name, "migration.sql"), "utf8") },
      },
    }));
  return {
    baseDir,
    lockfile: { path: "migration_lock.toml", content: fs.readFileSync(lockPath, "utf8") },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

// Objects that migrations create by hand and Prisma does not model, so a
// diff must neither drop them nor report drift: the search index over
// Response.searchText, "ResponseSearch": SQLite's FTS5 table and its shadow
// tables (see the response_reading migration), PostgreSQL's narrow table with
// its trigram index (the response_search_table migration).
// Simple names on SQLite, schema-qualified ones on PostgreSQL (what the engine wants).
const filtersFor = (provider: Provider) => ({
  externalTables: provider === "sqlite" ? ["", "_config", "_data", "_docsize", "_idx"].map((suffix) => `ResponseSearch${suffix}`) : ["public.ResponseSearch"],
  externalEnums: [],
});

async function withPanicMessage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (lastPanic) throw new Error(`schema engine panic: ${lastPanic}`, { cause: error });
    throw error;
  }
}

/**
 * Applies pending migrations (from `migrationsDir`, by default the project's
 * folder for the provider); returns the names of those applied now.
 *
 * Safe when several processes start at once on one database (instances behind
 * a load balancer, a rolling restart, an admin CLI writing): each migration is
 * applied exactly once, by whichever process gets the lock first; the others
 * wait for it, then find nothing to do. Either way the lock is taken first,
 * and which migrations are applied is read inside it.
 */
export async function applyMigrations(url: string, migrationsDir?: string): Promise<string[]> {
  const provider = providerOf(url);
  const migrationsList = migrationList(provider, migrationsDir);
  return provider === "sqlite"
    ? applySqliteMigrations(sqliteFilePath(url), migrationsList)
    : applyPostgresMigrations(url, migrationsList);
}

type MigrationsList = ReturnType<typeof migrationList>;

/** The migrations recorded as finished (and not rolled back), on either database. */
const APPLIED_MIGRATIONS = `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

const allApplied = (list: MigrationsList, applied: Set<string>) => list.migrationDirectories.every((m) => applied.has(m.path));

/** Prisma's migration lock: the engine takes `pg_advisory_lock(72707369)` itself (pris.ly/d/migrate-advisory-locking). */
const PRISMA_MIGRATION_LOCK = 72707369;

/**
 * PostgreSQL: the engine serializes appliers with Prisma's advisory lock, but
 * gives up after 10 s ("Timed out trying to acquire a postgres advisory
 * lock"): an instance starting while another applies a longer migration
 * would fail to start. So the lock is taken here first, with no time
 * limit, on the one connection (a pool of one) that the engine then uses too:
 * advisory locks are per session and re-entrant, so the engine's own
 * pg_advisory_lock returns at once. Ending the pool ends the session, which
 * releases the lock (as does this process dying).
 */
async function applyPostgresMigrations(url: string, migrationsList: MigrationsList): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on("error", () => {}); // an idle connection that drops: the next query reports it
  try {
    await pool.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATION_LOCK]);
    const exists = await pool.query<{ t: string | null }>(`SELECT to_regclass('"_prisma_migrations"')::text AS t`);
    const applied = exists.rows[0].t
      ? await pool.query<{ migration_name: string }>(APPLIED_MIGRATIONS)
      : { rows: [] };
    if (allApplied(migrationsList, new Set(applied.rows.map((r) => r.migration_name)))) return [];
    const out = await withEngine("postgresql", new PrismaPg(pool), (engine) => engine.applyMigrations({ migrationsList, filters: filtersFor("postgresql") }));
    return out.appliedMigrationNames;
  } finally {
    await pool.end();
  }
}

/**
 * SQLite: the engine's own "lock" (PRAGMA locking_mode=EXCLUSIVE) holds the
 * file only from its first write on, keeps the read lock it took before that,
 * and waits only better-sqlite3's default 5 s: against another process's write
 * lock it deadlocks and fails (as SocketTimeout). So one connection takes the
 * write lock up front (BEGIN IMMEDIATE, waiting SQLITE_BUSY_TIMEOUT_MS like the
 * app's writer), reads which migrations are applied inside the lock, and the
 * engine applies the rest on that same connection, inside that transaction.
 * A second process waits at BEGIN IMMEDIATE and then finds nothing pending;
 * readers of a WAL file go on meanwhile. All pending migrations commit
 * together or not at all: a failing one leaves the file as it was, with no
 * failed row in _prisma_migrations, and the next start tries again.
 */
async function applySqliteMigrations(file: string, migrationsList: MigrationsList): Promise<string[]> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const busyTimeoutMs = sqliteBusyTimeoutMs();
  const adapter = await new PrismaBetterSqlite3({ url: `file:${file}`, timeout: busyTimeoutMs }).connect();
  const connection = betterSqliteConnection(adapter);
  try {
    // Inside a transaction `PRAGMA foreign_keys` is a no-op, and the
    // table-redefining migrations Prisma writes for SQLite turn it off so that
    // DROP TABLE does not cascade: so it is off for the whole run, and the
    // result is checked before COMMIT instead.
    connection.pragma("foreign_keys = OFF");
    try {
      connection.exec("BEGIN IMMEDIATE");
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
      throw new Error(
        `${file} is locked by another process: waited ${busyTimeoutMs} ms (SQLITE_BUSY_TIMEOUT_MS) to apply migrations`,
        { cause: error },
      );
    }
    if (allApplied(migrationsList, appliedSqliteMigrations(connection))) {
      connection.exec("ROLLBACK");
      return [];
    }
    const out = await withEngine("sqlite", lockedFactory(adapter), (engine) => engine.applyMigrations({ migrationsList, filters: filtersFor("sqlite") }));
    const violations = connection.pragma("foreign_key_check") as unknown[];
    if (violations.length) throw new Error(`The migrations leave ${violations.length} foreign key violation(s): ${JSON.stringify(violations.slice(0, 3))}`);
    connection.exec("COMMIT");
    return out.appliedMigrationNames;
  } finally {
    if (connection.open && connection.inTransaction) connection.exec("ROLLBACK");
    await adapter.dispose();
  }
}

/** Names of the migrations applied to the file (APPLIED_MIGRATIONS). */
function appliedSqliteMigrations(connection: BetterSqlite3.Database): Set<string> {
  const table = connection.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get();
  if (!table) return new Set();
  const rows = connection
    .prepare(APPLIED_MIGRATIONS)
    .all() as { migration_name: string }[];
  return new Set(rows.map((r) => r.migration_name));
}

/**
 * Hands the engine the one connection that already holds the write lock; it
 * stays open (and inside the transaction) until applySqliteMigrations ends it.
 */
function lockedFactory(adapter: SqlDriverAdapter): SqlMigrationAwareDriverAdapterFactory {
  const borrowed: SqlDriverAdapter = {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    executeScript: (script) => adapter.executeScript(script),
    // The engine runs no transaction of its own on SQLite; if it ever did,
    // BEGIN inside ours fails loudly rather than committing early.
    startTransaction: (isolationLevel) => adapter.startTransaction(isolationLevel),
    getConnectionInfo: () => adapter.getConnectionInfo?.() ?? { supportsRelationJoins: false },
    dispose: async () => {},
  };
  return {
    provider: "sqlite",
    adapterName: adapter.adapterName,
    connect: async () => borrowed,
    connectToShadowDb: async () => {
      throw new Error("applying migrations needs no shadow database");
    },
  };
}

/**
 * Writes a new migration folder with the SQL that takes the migrations folder
 * to the current schema. Returns its path, or null when nothing changed.
 */
export async function createMigration(provider: Provider, name: string, url: string): Promise<string | null> {
  return withEngine(provider, adapterFactory(url), async (engine) => {
    const list = migrationList(provider);
    const result = await engine.diff({
      from: list.migrationDirectories.length ? { tag: "migrations", ...list } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPaths[provider], content: fs.readFileSync(schemaPaths[provider], "utf8") }] },
      script: true,
      exitCode: null,
      filters: filtersFor(provider),
    });
    const sql = (result.stdout ?? "").trim();
    if (!sql || /^-- This is an empty migration\.?$/.test(sql)) return null;
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(list.baseDir, `${stamp}_${name}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "migration.sql"), sql + "\n");
    return dir;
  });
}
