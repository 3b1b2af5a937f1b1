import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SchemaComponents } from "@/lib/openapi/json-schema";

const item = z.strictObject({ name: z.string(), size: z.int().default(1) }).meta({ id: "UnitItem" });
const list = z.strictObject({ items: z.array(item), first: item.optional() });

describe("SchemaComponents", () => {
  it("moves named schemas into components and points every $ref there", () => {
    const components = new SchemaComponents();
    const json = components.convert(list, "input");
    expect(json).toMatchObject({
      type: "object",
      properties: { items: { type: "array", items: { $ref: "#/components/schemas/UnitItem" } }, first: { $ref: "#/components/schemas/UnitItem" } },
    });
    expect(json).not.toHaveProperty("$defs");
    expect(json).not.toHaveProperty("$schema");
    expect(components.schemas.UnitItem).toMatchObject({ required: ["name"], additionalProperties: false });
  });

  it("keeps the input side under the id and stores a differing output side with a suffix", () => {
    const components = new SchemaComponents();
    components.convert(item, "input");
    const out = components.convert(z.strictObject({ item }), "output");
    expect(out.properties).toEqual({ item: { $ref: "#/components/schemas/UnitItemOutput" } });
    expect(components.schemas.UnitItem.required).toEqual(["name"]);
    // Output: the defaulted field is always there.
    expect(components.schemas.UnitItemOutput.required).toEqual(["name", "size"]);
  });

  it("reuses one component for identical definitions", () => {
    const components = new SchemaComponents();
    const plain = z.strictObject({ a: z.string() }).meta({ id: "UnitPlain" });
    components.convert(plain, "input");
    components.convert(z.strictObject({ p: plain }), "output");
    expect(Object.keys(components.schemas)).toEqual(["UnitPlain"]);
  });

  it("leaves format to say what a date-time is, without zod's long pattern", () => {
    const json = new SchemaComponents().convert(z.strictObject({ at: z.iso.datetime() }), "output");
    expect(json.properties).toEqual({ at: { type: "string", format: "date-time" } });
  });
});
