/**
 * Each constraint helper must mean the same to zod (which validates requests)
 * and to the JSON Schema it generates (what the OpenAPI document says).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { atLeastOneProperty, atMostProperties, nonBlankText, uniqueItems } from "@/lib/schema/constraints";
import { metadataFilterSchema, responseFilterShape } from "@/lib/responses/filters";

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);

function agree(schema: z.ZodType, values: unknown[]) {
  const validate = ajv.compile(z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }));
  for (const value of values) expect(validate(value), JSON.stringify(value)).toBe(schema.safeParse(value).success);
}

describe("constraints zod and the document agree on", () => {
  it("non-blank text", () => {
    agree(nonBlankText("blank").max(5), ["", " ", "\t\n", "\u00a0", "\ufeff", "a", " a ", "abcde", "abcdef"]);
  });

  it("unique items", () => {
    agree(uniqueItems(z.array(z.string()), "repeated"), [[], ["a"], ["a", "b"], ["a", "a"], ["a", "b", "a"]]);
  });

  it("at least one property, at most n", () => {
    agree(atLeastOneProperty(z.strictObject({ a: z.string().optional(), b: z.int().optional() }), "empty"), [{}, { a: "x" }, { a: "x", b: 1 }, { c: 1 }]);
    agree(atMostProperties(z.record(z.string(), z.string()), 2, "too many"), [{}, { a: "1" }, { a: "1", b: "2" }, { a: "1", b: "2", c: "3" }]);
  });

  it("from/to: a day or an instant with an offset", () => {
    agree(responseFilterShape.from.unwrap(), ["2026-01-31", "2026-01-31T09:00:00Z", "2026-01-31T09:00:00.123+02:00", "2026-01-31T09:00:00", "2026-02-30", "yesterday", "", "31/01/2026"]);
    agree(metadataFilterSchema, [{ src: "mail" }, { src: "" }, { src: "x".repeat(500) }, { src: "x".repeat(501) }, Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, "v"]))]);
  });
});
