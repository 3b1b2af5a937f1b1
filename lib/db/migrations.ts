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
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
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
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg });
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
async function withEngine<T>(provider: Provider, url: string, work: (engine: Engine) => Promise<T>): Promise<T> {
  const bg = await loadEngineModule();
  const factory = adapterFactory(url);
  const opened: SqlDriverAdapter[] = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = Object.assign(Object.create(Object.getPrototypeOf(factory)), factory, {
    connect: async () => opened[opened.push(await factory.connect()) - 1],
    connectToShadowDb: async () => opened[opened.push(await factory.connectToShadowDb()) - 1],
  });
  const schema = fs.readFileSync(schemaPaths[provider], "utf8");
  const engine = (await withPanicMessage(
    bg.SchemaEngine.new({ datamodels: [[schemaPaths[provider], schema]] }, () => {}, bindMigrationAwareSqlAdapterFactory(tracking)),
  )) as Engine;
  try {
    return await withPanicMessage(work(engine));
  } finally {
    engine.free();
    await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
  }
}

function migrationList(provider: Provider) {
  const baseDir = migrationsDirs[provider];
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
// diff must neither drop them nor report drift: SQLite's FTS5 search index
// over Response.searchText and its shadow tables (see the response_reading
// migration).
// Simple names on SQLite (the engine wants schema-qualified ones on PostgreSQL, which needs none).
const filtersFor = (provider: Provider) => ({
  externalTables: provider === "sqlite" ? ["", "_config", "_data", "_docsize", "_idx"].map((suffix) => `ResponseSearch${suffix}`) : [],
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

/** Applies pending migrations; returns the names of those applied now. */
export async function applyMigrations(url: string): Promise<string[]> {
  const provider = providerOf(url);
  const out = await withEngine(provider, url, (engine) => engine.applyMigrations({ migrationsList: migrationList(provider), filters: filtersFor(provider) }));
  return out.appliedMigrationNames;
}

/**
 * Writes a new migration folder with the SQL that takes the migrations folder
 * to the current schema. Returns its path, or null when nothing changed.
 */
export async function createMigration(provider: Provider, name: string, url: string): Promise<string | null> {
  return withEngine(provider, url, async (engine) => {
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
