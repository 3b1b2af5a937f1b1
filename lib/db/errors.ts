/**
 * Database constraint errors, recognised by Prisma's error code and the
 * driver adapter's structured cause rather than by matching message text, so
 * services can turn them into domain errors.
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
  const cause = meta?.driverAdapterError?.cause;
  if (cause?.constraint?.fields) return cause.constraint.fields;
  // ...PostgreSQL names the index, which Prisma calls <Table>_<field>_<field>_key
  // (field names here are camelCase, so "_" only separates them).
  const index = cause?.constraint?.index;
  if (!index) return [];
  return index.replace(new RegExp(`^${cause?.table ?? "[^_]+"}_`), "").replace(/_key$/, "").split("_");
}
