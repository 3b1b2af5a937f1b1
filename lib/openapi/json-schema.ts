/**
 * zod → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) for the
 * OpenAPI document, straight from the schemas that validate requests. Schemas
 * that carry `.meta({ id })` become named components; every `$ref` points there.
 */
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;
/** "input" for requests (defaulted fields optional), "output" for responses (filled in). */
export type Io = "input" | "output";

const COMPONENT_PREFIX = "#/components/schemas/";

/** zod spells date-time, date and email out as long regexes too; the format says it. */
function dropFormatPatterns(ctx: { jsonSchema: Record<string, unknown> }) {
  if (typeof ctx.jsonSchema.format === "string" && "pattern" in ctx.jsonSchema) delete ctx.jsonSchema.pattern;
}

export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  /** The raw (pre-rewrite) JSON of each stored component, to tell equal definitions from clashing ones. */
  readonly #raw = new Map<string, string>();

  /**
   * The JSON Schema of `schema`; its named parts are moved into `schemas`.
   * A named schema whose input and output sides differ (defaults) is stored
   * twice: the side converted first keeps the id, the other gets a suffix.
   */
  convert(schema: z.ZodType, io: Io): JsonSchema {
    const { $schema: _dialect, $defs, ...root } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any", override: dropFormatPatterns }) as JsonSchema;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    const names = new Map(Object.entries(defs).map(([id, def]) => [id, this.#claim(id, io, def)]));
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== "object") return value;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => {
          if (k !== "$ref" || typeof v !== "string" || !v.startsWith("#/$defs/")) return [k, rewrite(v)];
          const id = decodeURIComponent(v.slice("#/$defs/".length));
          return [k, COMPONENT_PREFIX + (names.get(id) ?? id)];
        }),
      );
    };
    for (const [id, def] of Object.entries(defs)) this.schemas[names.get(id)!] ??= rewrite(def) as JsonSchema;
    return rewrite(root) as JsonSchema;
  }

  /** The component name for def `id`: the id itself unless a different definition holds it. */
  #claim(id: string, io: Io, def: JsonSchema): string {
    const raw = JSON.stringify(def);
    const suffix = io === "output" ? "Output" : "Input";
    for (let n = 1; ; n++) {
      const name = n === 1 ? id : n === 2 ? `${id}${suffix}` : `${id}${suffix}${n - 1}`;
      const held = this.#raw.get(name);
      if (held === undefined) {
        this.#raw.set(name, raw);
        return name;
      }
      if (held === raw) return name;
    }
  }
}
