/**
 * Operator commands (talk to the database directly):
 *   npm run --silent admin -- create-user --email E --password P
 *   npm run --silent admin -- create-key --email E --name N --scope read|write [--workspace ID]
 *   npm run --silent admin -- set-password --email E --password P   (also signs the user out everywhere)
 *   npm run --silent admin -- backup --out FILE      (SQLite: the database and the uploads, while the server serves)
 *   npm run --silent admin -- restore --from FILE    (into an empty data directory only)
 * create-key prints the full key as the last line of stdout; only its hash is stored.
 * Bad input exits 1 with a message on stderr and writes nothing.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { createApiKey, createKeySchema } from "../lib/auth/api-keys";
import { newCredentialsSchema } from "../lib/auth/password-policy";
import { createUser, findUserByEmail, setPassword } from "../lib/auth/users";
import { backup, BackupError, restore } from "../lib/backup/backup";
import { applyMigrations } from "../lib/db/migrations";
import { databaseUrl } from "../lib/db/url";
import { AppError } from "../lib/http/errors";
import { personalActor } from "../lib/workspaces/actor";
import { roleInWorkspace } from "../lib/workspaces/roles-query";

const usage = `usage:
  admin create-user --email E --password P
  admin create-key  --email E --name N --scope read|write [--workspace ID]
  admin set-password --email E --password P
  admin backup  --out FILE
  admin restore --from FILE`;

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

const options = { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, scope: { type: "string" }, workspace: { type: "string" }, out: { type: "string" }, from: { type: "string" } } as const;

const root = path.resolve(import.meta.dirname, "..");
const backupPlace = () => ({ databaseUrl: databaseUrl(), storageUrl: process.env.STORAGE_URL, root, authSecretFromEnv: Boolean(process.env.AUTH_SECRET) });

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
      const input = check(newCredentialsSchema, { email: values.email, password: values.password });
      await applyMigrations(databaseUrl()); // at once when up to date; waits out a running server's lock
      const user = await createUser(input);
      console.log(`Created user ${user.email} (${user.id})`);
      return;
    }
    case "create-key": {
      const { email } = check(z.object({ email: z.email() }), { email: values.email });
      const input = check(createKeySchema, { name: values.name, scope: values.scope });
      await applyMigrations(databaseUrl()); // at once when up to date; waits out a running server's lock
      const user = await findUserByEmail(email);
      if (!user) throw new UsageError(`No user with email ${email}; create it with create-user first`);
      // The personal workspace unless --workspace names one the user is a member of.
      const workspaceId = values.workspace ?? user.id;
      const role = await roleInWorkspace(user.id, workspaceId);
      if (!role) throw new UsageError(`${user.email} is not a member of workspace ${workspaceId}`);
      const key = await createApiKey({ ...personalActor(user.id), workspaceId, role }, input);
      console.log(`Created ${key.scope} key "${key.name}" (${key.keyPrefix}…) for ${user.email} in workspace ${workspaceId}. It is shown once:`);
      console.log(key.key);
      return;
    }
    case "set-password": {
      const input = check(newCredentialsSchema, { email: values.email, password: values.password });
      await applyMigrations(databaseUrl()); // at once when up to date; waits out a running server's lock
      const user = await setPassword(input.email, input.password);
      console.log(`Set a new password for ${user.email}; ended ${user.sessionsEnded} session${user.sessionsEnded === 1 ? "" : "s"}.`);
      return;
    }
    case "backup": {
      if (!values.out) throw new UsageError("--out is required");
      const made = await backup(backupPlace(), values.out);
      console.log(`Backed up the database${made.files === "disk" ? " and the uploads" : ""} to ${values.out} (${made.bytes} bytes).`);
      if (made.files === "s3") console.log("The files are in the S3 bucket, which this does not copy: keep them with the bucket's versioning or replication.");
      return;
    }
    case "restore": {
      if (!values.from) throw new UsageError("--from is required");
      const done = await restore(backupPlace(), values.from);
      console.log(`Restored the database${done.files === "disk" ? " and the uploads" : ""} from ${values.from}. Start the server to use it.`);
      if (done.authSecret === "restored") console.log("Restored data/auth-secret from the backup.");
      if (done.authSecret === "differs") console.error("admin: data/auth-secret differs from the backup's: webhook secrets stored in the backup cannot be read with it.");
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
    else if (error instanceof AppError || error instanceof BackupError) console.error(`admin: ${error.message}`);
    else console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
