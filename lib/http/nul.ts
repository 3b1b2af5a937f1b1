/**
 * U+0000 in request text. PostgreSQL's text type cannot hold it (the insert
 * or even a lookup by id fails: a 500), SQLite stores it. Refused at the door
 * on both, so a request means the same on either database and never reaches
 * a query with it.
 */
export const NUL_MESSAGE = "Text cannot contain the NUL character (U+0000)";

/** The dotted path of the first string or key holding U+0000, or null. */
export function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (!value || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key.replace(/\u0000/g, "\\0")].join(".");
    const found = nulPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
