import { AppError } from "./errors";
import { isPrototypeKey } from "./reserved-keys";

/**
 * URLSearchParams → an object for zod. `metadata[ref]=x` becomes
 * `{ metadata: { ref: "x" } }`; a repeated plain key becomes an array.
 * Every object made here has no prototype, and a parameter naming
 * `__proto__`, `constructor` or `prototype` anywhere in its name (also as a
 * bracket or dot segment) is a 400 `invalid_query`.
 */
export function parseQuery(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of params) {
    const reserved = rawKey.split(/[[\].]/).filter(isPrototypeKey);
    if (reserved.length) {
      throw new AppError("invalid_query", `Query parameter names may not use "${reserved[0]}"`, [{ path: rawKey, message: "Reserved name" }]);
    }
    const nested = /^([A-Za-z_][\w-]*)\[([^\]]+)\]$/.exec(rawKey);
    if (nested) {
      const [, group, key] = nested;
      const bucket = Object.hasOwn(out, group) ? out[group] : undefined;
      if (bucket && typeof bucket === "object" && !Array.isArray(bucket)) (bucket as Record<string, unknown>)[key] = value;
      else out[group] = Object.assign(Object.create(null), { [key]: value });
    } else if (Object.hasOwn(out, rawKey)) {
      const prev = out[rawKey];
      out[rawKey] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    } else {
      out[rawKey] = value;
    }
  }
  return out;
}
