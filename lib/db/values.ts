/**
 * How values are bound when SQL goes straight to a driver (lib/db/raw.ts,
 * lib/db/row-cursor.ts), so that those rows are stored and matched exactly as
 * Prisma stores them.
 */

/** Prisma's better-sqlite3 adapter stores DateTime as ISO 8601 text with "+00:00", booleans as 0/1. */
export function sqliteValue(value: unknown): unknown {
  if (Array.isArray(value)) throw new Error("A list parameter is PostgreSQL's alone (lib/db/raw.ts anyOf)");
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** timestamp(3) columns hold UTC wall time (Prisma's convention): bind Dates as such, whatever the process's TZ. */
export function postgresValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, -1);
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** Reads a timestamp (without time zone) column as the UTC wall time it holds, as Prisma does. */
export const parsePostgresTimestamp = (text: string): Date => new Date(`${text.replace(" ", "T")}Z`);
