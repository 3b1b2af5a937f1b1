/**
 * `admin backup` and `admin restore` (scripts/admin.ts): one archive (tar + gzip) holding a
 * consistent copy of the SQLite database, taken while the server serves, and the uploads folder.
 * PostgreSQL is backed up with its own tools (pg_dump / pg_restore), which this refuses to imitate.
 * Never imported by the Next.js app.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";
import { DEFAULT_STORAGE_URL } from "../storage";
import { providerOf, sqliteFilePath } from "../db/url";
import { sqliteBusyTimeoutMs } from "../db/sqlite-settings";

/** A refusal the operator can act on (the CLI prints it and exits 1). */
export class BackupError extends Error {}

const MANIFEST = "formloom-backup.json";
const DATABASE = "database.sqlite";
const UPLOADS = "uploads";
const AUTH_SECRET = "auth-secret";
const FORMAT = 1;

interface Manifest {
  format: number;
  createdAt: string;
  database: "sqlite";
  /** "disk": the uploads folder is in the archive; "s3": the files stay in the bucket. */
  files: "disk" | "s3";
}

export interface BackupPlace {
  databaseUrl: string;
  storageUrl?: string;
  /** The install's folder: data/auth-secret lives there (scripts/serve.mjs). */
  root: string;
  /** AUTH_SECRET from the environment: when set, data/auth-secret is not the secret and is left out. */
  authSecretFromEnv: boolean;
}

const POSTGRES_REFUSAL =
  "admin backup and restore work on SQLite only. On PostgreSQL, back up with pg_dump and restore with pg_restore, " +
  "and copy the uploads folder (or use the bucket's versioning): see docs/operations.md#backups";

function uploadsFolder(storageUrl: string | undefined): string | null {
  const url = storageUrl || DEFAULT_STORAGE_URL;
  if (url.startsWith("s3://")) return null;
  return path.resolve(url.slice("file:".length).replace(/^\/\/(?=\/)/, ""));
}

/** Writes the archive to `out` (through a temporary file beside it, so a failed backup leaves nothing named `out`). */
export async function backup(place: BackupPlace, out: string): Promise<{ files: Manifest["files"]; bytes: number }> {
  if (providerOf(place.databaseUrl) !== "sqlite") throw new BackupError(POSTGRES_REFUSAL);
  const file = sqliteFilePath(place.databaseUrl);
  if (!fs.existsSync(file)) throw new BackupError(`There is no database at ${file} (DATABASE_URL)`);
  const target = path.resolve(out);
  const work = fs.mkdtempSync(path.join(path.dirname(target), ".formloom-backup-"));
  try {
    // SQLite's online backup API: a page-by-page copy of one snapshot, while the server keeps
    // writing. Each step after the first copies every remaining page, so a write by the server
    // restarts the copy at most once instead of at every step.
    const source = new Database(file, { readonly: true, fileMustExist: true, timeout: sqliteBusyTimeoutMs() });
    try {
      await source.backup(path.join(work, DATABASE), { progress: () => 1 << 30 });
    } finally {
      source.close();
    }
    // After the database: a file referenced by the copy was stored before it was taken.
    const uploads = uploadsFolder(place.storageUrl);
    const entries = [MANIFEST, DATABASE];
    if (uploads && fs.existsSync(uploads)) {
      snapshotFolder(uploads, path.join(work, UPLOADS));
      entries.push(UPLOADS);
    }
    const secret = path.join(place.root, "data", AUTH_SECRET);
    if (!place.authSecretFromEnv && fs.existsSync(secret)) {
      fs.copyFileSync(secret, path.join(work, AUTH_SECRET));
      entries.push(AUTH_SECRET);
    }
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), database: "sqlite", files: uploads ? "disk" : "s3" };
    fs.writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
    const partial = path.join(work, "archive.tar.gz");
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, entries);
    fs.chmodSync(partial, 0o600); // it holds every answer (and the auth secret)
    fs.renameSync(partial, target);
    return { files: manifest.files, bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** data/auth-secret after a restore: written from the backup, already there (the same or another), or not in the backup. */
export type RestoredSecret = "restored" | "same" | "differs" | "none";

/** A rename, or a copy when the folders are on different filesystems. */
function move(from: string, to: string) {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    fs.cpSync(from, to, { recursive: true });
  }
}

/**
 * The uploads as they are now, linked (or copied) into `to`: the server goes on storing and
 * deleting files meanwhile, so a file being written (`*.partial`, lib/storage/disk.ts) is left out
 * and one deleted under the walk is skipped.
 */
function snapshotFolder(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) snapshotFolder(source, target);
    else if (entry.isFile() && !entry.name.endsWith(".partial")) {
      try {
        fs.linkSync(source, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") continue;
        if (code !== "EXDEV" && code !== "EPERM") throw error;
        try {
          fs.copyFileSync(source, target);
        } catch (copyError) {
          if ((copyError as NodeJS.ErrnoException).code !== "ENOENT") throw copyError;
        }
      }
    }
  }
}

/** What is already where a restore would write. */
function occupied(place: BackupPlace): string[] {
  const file = sqliteFilePath(place.databaseUrl);
  const found = [file, `${file}-wal`, `${file}-journal`].filter((f) => fs.existsSync(f));
  const uploads = uploadsFolder(place.storageUrl);
  if (uploads && fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0) found.push(uploads);
  return found;
}

/** Restores an archive of `backup` into an empty place; refuses one that holds a database or files. */
export async function restore(place: BackupPlace, from: string): Promise<{ files: Manifest["files"]; authSecret: RestoredSecret }> {
  if (providerOf(place.databaseUrl) !== "sqlite") throw new BackupError(POSTGRES_REFUSAL);
  const archive = path.resolve(from);
  if (!fs.existsSync(archive)) throw new BackupError(`No such file: ${archive}`);
  const there = occupied(place);
  if (there.length) {
    throw new BackupError(`Restore writes only into an empty data directory; this one already holds ${there.join(", ")}. Stop the server and point DATABASE_URL and STORAGE_URL at an empty folder (or move these away) first`);
  }
  const file = sqliteFilePath(place.databaseUrl);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(file), ".formloom-restore-"));
  try {
    try {
      await tar.extract({ file: archive, cwd: work, strict: true });
    } catch (error) {
      throw new BackupError(`${archive} is not a Formloom backup (${(error as Error).message})`);
    }
    const manifestPath = path.join(work, MANIFEST);
    const manifest = fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest) : null;
    if (!manifest || manifest.database !== "sqlite" || !fs.existsSync(path.join(work, DATABASE))) throw new BackupError(`${archive} is not a Formloom backup (no ${MANIFEST} or database)`);
    if (manifest.format !== FORMAT) throw new BackupError(`${archive} is a backup of format ${manifest.format}; this version reads format ${FORMAT}`);
    const uploads = uploadsFolder(place.storageUrl);
    if (fs.existsSync(path.join(work, UPLOADS))) {
      if (!uploads) throw new BackupError(`The backup holds an uploads folder, but STORAGE_URL names a bucket: set STORAGE_URL to an empty folder (file:…)`);
      fs.mkdirSync(path.dirname(uploads), { recursive: true });
      fs.rmSync(uploads, { recursive: true, force: true }); // empty (checked above)
      move(path.join(work, UPLOADS), uploads);
    }
    let authSecret: RestoredSecret = "none";
    if (fs.existsSync(path.join(work, AUTH_SECRET)) && !place.authSecretFromEnv) {
      const secret = path.join(place.root, "data", AUTH_SECRET);
      if (fs.existsSync(secret)) authSecret = fs.readFileSync(secret).equals(fs.readFileSync(path.join(work, AUTH_SECRET))) ? "same" : "differs";
      else {
        fs.mkdirSync(path.dirname(secret), { recursive: true });
        fs.copyFileSync(path.join(work, AUTH_SECRET), secret);
        fs.chmodSync(secret, 0o600);
        authSecret = "restored";
      }
    }
    // The database last: a half-done restore leaves no database that would look restored.
    move(path.join(work, DATABASE), file);
    return { files: manifest.files, authSecret };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
