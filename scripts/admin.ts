/**
 * Operator commands (talk to the database directly):
 *   npm run --silent admin -- create-user --email E --password P
 *   npm run --silent admin -- create-key --email E --name N --scope read|write
 * create-key prints the full key as the last line of stdout; only its hash is stored.
 * Bad input exits 1 with a message on stderr and writes nothing.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createApiKey, createKeySchema } from "../lib/auth/api-keys";
import { createUser, credentialsSchema, findUserByEmail } from "../lib/auth/users";
import { db } from "../lib/db/client";
import { applyMigrations, migrationsDirs } from "../lib/db/migrations";
import { databaseUrl, providerOf, sqliteFilePath } from "../lib/db/url";
import { AppError } from "../lib/http/errors";

const usage = `usage:
  admin create-user --email E --password P
  admin create-key  --email E --name N --scope read|write`;

class UsageError extends Error {}

/** Validates the options with the API's own schemas; messages name the option. */
function check<S extends z.ZodType>(schema: S, input: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new UsageError(
    result.error.issues
      .map((i) => {
        const option = `--${i.path.join(".")}`;
        return input[String(i.path[0])] === undefined ? `${option} is required` : `${option}: ${i.message}`;
      })
      .join("\n"),
  );
}

/**
 * Applies migrations only when the database lacks some, so that the CLI also
 * works beside a running server: the schema engine cannot take the SQLite
 * file while another process holds it open (SQLITE_BUSY), and a database the
 * server has started on is already up to date.
 */
async function migrateIfBehind() {
  const url = databaseUrl();
  const provider = providerOf(url);
  if (provider === "sqlite" && !fs.existsSync(sqliteFilePath(url))) return void (await applyMigrations(url));
  const expected = fs.readdirSync(migrationsDirs[provider], { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  let applied: string[] = [];
  try {
    const rows = await db.$queryRawUnsafe<{ migration_name: string }[]>(
      `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    applied = rows.map((r) => r.migration_name);
  } catch {
    // No _prisma_migrations table: an empty database.
  }
  if (expected.every((name) => applied.includes(name))) return;
  await db.$disconnect(); // our own connection would hold the file too
  await applyMigrations(url);
}

const options = { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, scope: { type: "string" } } as const;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options, strict: true }));
  } catch (error) {
    // Unknown options, missing values, stray positionals.
    throw new UsageError((error as Error).message);
  }
  // Everything is validated before the database is touched.
  switch (command) {
    case "create-user": {
      const input = check(credentialsSchema, { email: values.email, password: values.password });
      await migrateIfBehind();
      const user = await createUser(input);
      console.log(`Created user ${user.email} (${user.id})`);
      return;
    }
    case "create-key": {
      const { email } = check(z.object({ email: z.email() }), { email: values.email });
      const input = check(createKeySchema, { name: values.name, scope: values.scope });
      await migrateIfBehind();
      const user = await findUserByEmail(email);
      if (!user) throw new UsageError(`No user with email ${email}; create it with create-user first`);
      const key = await createApiKey(user.id, input);
      console.log(`Created ${key.scope} key "${key.name}" (${key.keyPrefix}…) for ${user.email}. It is shown once:`);
      console.log(key.key);
      return;
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : "missing command");
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof UsageError) console.error(`admin: ${error.message}\n${usage}`);
    else if (error instanceof AppError) console.error(`admin: ${error.message}`);
    else console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
