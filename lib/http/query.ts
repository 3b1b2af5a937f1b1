/**
 * URLSearchParams → plain object for zod. `metadata[ref]=x` becomes
 * `{ metadata: { ref: "x" } }`; a repeated plain key becomes an array.
 */
export function parseQuery(params: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of params) {
    const nested = /^([A-Za-z_][\w-]*)\[([^\]]+)\]$/.exec(rawKey);
    if (nested) {
      const [, group, key] = nested;
      const bucket = (out[group] ??= {}) as Record<string, unknown>;
      if (typeof bucket !== "object" || Array.isArray(bucket)) out[group] = { [key]: value };
      else bucket[key] = value;
    } else if (rawKey in out) {
      const prev = out[rawKey];
      out[rawKey] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    } else {
      out[rawKey] = value;
    }
  }
  return out;
}
