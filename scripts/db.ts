/**
 * Database tooling without Prisma's native engines.
 *
 *   tsx scripts/db.ts generate               derive the PostgreSQL schema, generate both clients
 *   tsx scripts/db.ts migrate                apply pending migrations to DATABASE_URL
 *   tsx scripts/db.ts create-migration NAME  write migrations for schema changes (both databases)
 *   tsx scripts/db.ts check-schemas          exit 1 when prisma/postgres/schema.prisma has drifted
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { applyMigrations, createMigration, schemaPaths } from "../lib/db/migrations";
import { databaseUrl, providerOf } from "../lib/db/url";
import { textSetting } from "../lib/settings";

const root = path.resolve(import.meta.dirname, "..");

/** prisma/schema.prisma with the provider and client output switched to PostgreSQL. */
export function derivePostgresSchema(sqliteSchema: string): string {
  const out = sqliteSchema
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output\s*=\s*"\.\.\/lib\/generated\/sqlite"/, 'output       = "../../lib/generated/postgresql"')
    // Lines marked `// postgresql-only:` declare what SQLite cannot express
    // (a trigram GIN index for search), so PostgreSQL diffs keep it.
    .replace(/\/\/ postgresql-only: /g, "");
  return "// GENERATED from prisma/schema.prisma by `npm run db:generate`. Do not edit.\n" + out;
}

function writePostgresSchema() {
  const derived = derivePostgresSchema(fs.readFileSync(schemaPaths.sqlite, "utf8"));
  fs.mkdirSync(path.dirname(schemaPaths.postgresql), { recursive: true });
  fs.writeFileSync(schemaPaths.postgresql, derived);
}

function generate() {
  writePostgresSchema();
  for (const schema of [schemaPaths.sqlite, schemaPaths.postgresql]) {
    execFileSync(process.execPath, [path.join(root, "node_modules/prisma/build/index.js"), "generate", "--schema", schema], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
    });
  }
}

async function main() {
  const [command, name] = process.argv.slice(2);
  switch (command) {
    case "generate":
      generate();
      return;
    case "migrate": {
      const url = databaseUrl();
      const applied = await applyMigrations(url);
      if (applied.length) console.log(`Applied ${applied.length} migration(s) to the ${providerOf(url)} database: ${applied.join(", ")}`);
      return;
    }
    case "create-migration": {
      if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: db.ts create-migration <name> (lowercase, digits, _)");
      writePostgresSchema();
      const sqlite = await createMigration("sqlite", name, "file:./data/.migration-scratch.db");
      const pgUrl = textSetting("MIGRATION_POSTGRES_URL")!;
      const postgres = await createMigration("postgresql", name, pgUrl);
      console.log(sqlite || postgres ? `Wrote:\n${[sqlite, postgres].filter(Boolean).join("\n")}` : "No schema changes.");
      fs.rmSync(path.join(root, "data/.migration-scratch.db"), { force: true });
      return;
    }
    case "check-schemas": {
      const expected = derivePostgresSchema(fs.readFileSync(schemaPaths.sqlite, "utf8"));
      if (fs.readFileSync(schemaPaths.postgresql, "utf8") !== expected) {
        console.error("prisma/postgres/schema.prisma has drifted from prisma/schema.prisma: run npm run db:generate");
        process.exit(1);
      }
      return;
    }
    default:
      console.error("usage: tsx scripts/db.ts generate | migrate | create-migration <name> | check-schemas");
      process.exit(2);
  }
}

main().catch((error) => {
  console.error(`db: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
