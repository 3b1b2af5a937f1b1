/**
 * Values for the fuzz test (tests/integration/fuzz.test.ts), from the JSON
 * Schemas of the served OpenAPI document: a plausible value for a schema, and
 * hostile mutations of it (boundaries, wrong types, huge and odd strings,
 * nulls, deep nesting, extra and prototype keys). Seeded: one seed, one run.
 */
type Json = any;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(list: readonly T[]): T => list[int(list.length)], chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof prng>;

/** Serialised in place of the key "__proto__" (an own "__proto__" key cannot be built with an object literal). */
export const PROTO_MARK = "\u0000fuzz-proto\u0000";

export const ODD_STRINGS = [
  "", " ", "\t\n", "\u0000", "null", "undefined", "NaN", "-0", "1e309", "true", "[]", "{}",
  "' OR 1=1 --", "\"; DROP TABLE \"Form\"; --", "%", "%%", "%ff", "%00", "../../etc/passwd", "<script>alert(1)</script>",
  "=1+1", "＝1+1", "\u202eevil", "😀".repeat(50), "e\u0301", "\ud800", "\udfff", "\ufeff", "ǅ", "İ", "ß".repeat(300),
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "a".repeat(65), "a".repeat(501), "x".repeat(10_001),
];

const SAMPLE_STRINGS = ["a", "abc", "q1", "hello-world", "Hello world", "x1", "2026-01-31", "2026-01-31T09:00:00Z", "read", "write"];

export class ValueMaker {
  constructor(
    private readonly rng: Rng,
    private readonly components: Record<string, Json>,
  ) {}

  resolve(schema: Json): Json {
    let s = schema ?? {};
    for (let i = 0; s.$ref && i < 10; i++) s = this.components[s.$ref.split("/").pop()] ?? {};
    return s;
  }

  /** A value the schema most likely accepts. */
  valid(schema: Json, depth = 0): Json {
    const s = this.resolve(schema);
    const { rng } = this;
    if (s.const !== undefined) return s.const;
    if (s.enum) return rng.pick(s.enum);
    const variants = s.anyOf ?? s.oneOf;
    if (variants) return this.valid(rng.pick(variants), depth);
    const type = Array.isArray(s.type) ? rng.pick(s.type) : s.type;
    switch (type) {
      case "object": {
        const out: Record<string, Json> = {};
        for (const [key, prop] of Object.entries<Json>(s.properties ?? {})) {
          if ((s.required ?? []).includes(key) || (depth < 4 && rng.chance(0.5))) out[key] = this.valid(prop, depth + 1);
        }
        if (!s.properties && s.additionalProperties && depth < 4 && rng.chance(0.7)) out[this.string({})] = this.valid(s.additionalProperties, depth + 1);
        return out;
      }
      case "array": {
        const n = Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, rng.int(4)));
        const items = Array.from({ length: n }, () => this.valid(s.items ?? {}, depth + 1));
        return s.uniqueItems ? [...new Set(items.map((i) => JSON.stringify(i)))].map((i) => JSON.parse(i)) : items;
      }
      case "integer":
        return this.number(s, true);
      case "number":
        return rng.chance(0.5) ? this.number(s, false) : this.number(s, true);
      case "boolean":
        return rng.chance(0.5);
      case "null":
        return null;
      case "string":
        return this.string(s);
      default:
        return rng.pick(["x", 1, true, null, [], {}]);
    }
  }

  private number(s: Json, integer: boolean) {
    const min = s.minimum ?? s.exclusiveMinimum ?? -1000;
    const max = s.maximum ?? s.exclusiveMaximum ?? 1000;
    const span = Math.min(max - min, 1000);
    const n = min + this.rng.next() * span;
    return integer ? Math.ceil(n) : n;
  }

  private string(s: Json): string {
    const { rng } = this;
    if (s.format === "date") return rng.pick(["2026-01-31", "2025-12-01", "2024-02-29"]);
    if (s.format === "date-time") return rng.pick(["2026-01-31T09:00:00Z", "2025-06-01T00:00:00.000+02:00"]);
    if (s.format === "email") return `fuzz${rng.int(1000)}@example.test`;
    if (s.format === "uri") return "https://example.com/x";
    const fits = (v: string) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern, "u").test(v));
    const candidates = SAMPLE_STRINGS.filter(fits);
    if (candidates.length) return rng.pick(candidates);
    return "a".repeat(Math.max(1, s.minLength ?? 1));
  }

  /** A hostile variant of `value` (of `schema`): usually refused, never a reason for a 5xx. */
  mutate(value: Json, schema: Json, depth = 0): Json {
    const s = this.resolve(schema);
    const { rng } = this;
    // Go inside objects and arrays half the time, so deep fields get hit too.
    if (value && typeof value === "object" && !Array.isArray(value) && rng.chance(0.5) && Object.keys(value).length) {
      const key = rng.pick(Object.keys(value));
      return { ...value, [key]: this.mutate(value[key], s.properties?.[key] ?? s.additionalProperties ?? {}, depth + 1) };
    }
    if (Array.isArray(value) && value.length && rng.chance(0.5)) {
      const i = rng.int(value.length);
      const copy = [...value];
      copy[i] = this.mutate(copy[i], s.items ?? {}, depth + 1);
      return copy;
    }
    return rng.pick(this.#mutations)(value, s);
  }

  readonly #mutations: ((value: Json, s: Json) => Json)[] = [
    () => null,
    () => this.rng.pick(ODD_STRINGS),
    () => this.rng.pick([0, -1, 1, 0.5, -0.0001, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, Number.MAX_SAFE_INTEGER]),
    () => this.rng.pick([true, false, [], {}, [null], [[]], { "": "" }]),
    (_v, s) => this.boundary(s),
    (v) => (typeof v === "string" ? v + "\u0000" + v : [v, v]),
    () => "é😀\u200b".repeat(this.rng.pick([1, 100, 40_000])),
    () => this.deep(this.rng.pick([50, 600, 2_000])),
    (v) => (v && typeof v === "object" && !Array.isArray(v) ? { ...v, ["extra_" + this.rng.int(100)]: 1 } : { unexpected: v }),
    (v) => ({ ...(v && typeof v === "object" && !Array.isArray(v) ? v : {}), [this.rng.pick([PROTO_MARK, "constructor", "prototype"])]: { polluted: "yes", prototype: { polluted: "yes" } } }),
    (v) => (Array.isArray(v) ? [...v, ...v, ...v] : Array.from({ length: 300 }, () => v)),
  ];

  /** Just past each edge the schema states. */
  private boundary(s: Json): Json {
    const options: Json[] = [];
    if (s.minLength !== undefined) options.push("a".repeat(Math.max(0, s.minLength - 1)));
    if (s.maxLength !== undefined) options.push("a".repeat(s.maxLength + 1), "a".repeat(s.maxLength));
    if (s.minimum !== undefined) options.push(s.minimum - 1, s.minimum - 0.5);
    if (s.maximum !== undefined) options.push(s.maximum + 1, s.maximum + 0.5);
    if (s.minItems !== undefined) options.push([]);
    if (s.maxItems !== undefined) options.push(Array.from({ length: s.maxItems + 1 }, (_, i) => `o${i}`));
    if (s.pattern) options.push(" ", "A B", "-");
    if (!options.length) options.push("", -1, 2 ** 53);
    return this.rng.pick(options);
  }

  deep(levels: number): Json {
    let v: Json = "bottom";
    for (let i = 0; i < levels; i++) v = this.rng.chance(0.5) ? [v] : { a: v };
    return v;
  }
}

/** JSON text nested `levels` deep (deeper than JSON.stringify itself can go). */
export const deepJsonText = (levels: number) => "[{\"a\":".repeat(levels) + "1" + "}]".repeat(levels);

/** JSON text of `value`, with PROTO_MARK keys spelled "__proto__". */
export const toJsonText = (value: Json) => JSON.stringify(value).split(JSON.stringify(PROTO_MARK)).join('"__proto__"');
