/**
 * Database constraint errors, recognised by error code and structured fields
 * rather than by matching message text, so services can turn them into
 * domain errors. They come from Prisma (its code and the driver adapter's
 * cause) or straight from a driver (lib/db/raw.ts): better-sqlite3's
 * SQLITE_CONSTRAINT_UNIQUE, pg's SQLSTATE 23505.
 */
interface UniqueCause {
  kind?: string;
  table?: string;
  /** SQLite names the columns... */
  constraint?: { fields?: string[]; index?: string };
}

/** True when `error` violates a unique constraint (that covers `field`, if given). */
export function isUniqueViolation(error: unknown, field?: string): boolean {
  if (!error || typeof error !== "object") return false;
  const code = (error as { code?: unknown }).code;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return !field || sqliteUniqueFields(error).includes(field);
  if (code === "23505") {
    const { constraint, table } = error as { constraint?: string; table?: string };
    return !field || (constraint ? fieldsOfIndex(constraint, table) : []).includes(field);
  }
  // Inside an interactive transaction Prisma can pass the driver adapter's own
  // error through unwrapped (as it does for a write conflict at COMMIT): its
  // cause names the constraint.
  const adapter = error as { name?: unknown; cause?: UniqueCause };
  if (adapter.name === "DriverAdapterError" && adapter.cause?.kind === "UniqueConstraintViolation") {
    return !field || causeFields(adapter.cause).includes(field);
  }
  // P2002 comes from model queries; a raw query ($executeRaw) fails with P2010
  // and carries the same structured cause from the driver adapter.
  const rawUnique = code === "P2010" && driverCause(error)?.kind === "UniqueConstraintViolation";
  if (code !== "P2002" && !rawUnique) return false;
  if (!field) return true;
  return uniqueFields(error).includes(field);
}

function driverCause(error: object): UniqueCause | undefined {
  return (error as { meta?: { driverAdapterError?: { cause?: UniqueCause } } }).meta?.driverAdapterError?.cause;
}

function uniqueFields(error: object): string[] {
  const meta = (error as { meta?: { target?: unknown; driverAdapterError?: { cause?: UniqueCause } } }).meta;
  if (Array.isArray(meta?.target)) return meta.target.map(String);
  return causeFields(meta?.driverAdapterError?.cause);
}

function causeFields(cause: UniqueCause | undefined): string[] {
  if (cause?.constraint?.fields) return cause.constraint.fields;
  // ...PostgreSQL names the index.
  const index = cause?.constraint?.index;
  return index ? fieldsOfIndex(index, cause?.table) : [];
}

/**
 * The fields of a unique index named the way Prisma names them,
 * <Table>_<field>_<field>_key (field names here are camelCase, so "_" only
 * separates them).
 */
function fieldsOfIndex(index: string, table: string | undefined): string[] {
  return index.replace(new RegExp(`^${table ?? "[^_]+"}_`), "").replace(/_key$/, "").split("_");
}

/**
 * better-sqlite3 gives the extended result code; the columns are only in
 * SQLite's fixed message format "UNIQUE constraint failed: T.a, T.b" (which
 * Prisma's own adapter reads the same way).
 */
function sqliteUniqueFields(error: object): string[] {
  const columns = String((error as { message?: unknown }).message).split("constraint failed: ")[1];
  return columns ? columns.split(", ").map((column) => column.split(".").pop()!) : [];
}

/**
 * A transaction PostgreSQL aborted for a serialization failure or a deadlock
 * (nothing of it stayed; running it again is safe): Prisma's P2034 when a
 * query hits it, or (seen at COMMIT) the driver adapter's own error of kind
 * TransactionWriteConflict, which Prisma passes through unwrapped; from pg
 * itself (lib/db/raw.ts), the SQLSTATE serialization_failure or
 * deadlock_detected.
 */
export function isWriteConflict(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; cause?: { kind?: unknown } } | null;
  return (
    e?.code === "P2034" || e?.code === "40001" || e?.code === "40P01" ||
    (e?.name === "DriverAdapterError" && e.cause?.kind === "TransactionWriteConflict")
  );
}

/**
 * Runs a transaction again (up to `attempts` times in all) when PostgreSQL
 * aborted it to break a deadlock or a serialization conflict
 * (isWriteConflict): a raw transaction (lib/db/raw.ts), or a Prisma one such
 * as a form's settings change against the submissions and deletes that
 * share-lock its row (lib/forms/response-count.ts).
 */
export async function retryOnWriteConflict<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isWriteConflict(error)) throw error;
    }
  }
}
