/**
 * Constraints written so that zod's JSON Schema states them too: the OpenAPI
 * document is generated from the same schemas, and a bare `.refine` is
 * invisible to it (the document would accept what the server refuses). Each
 * helper keeps the check and the JSON Schema keyword that says it side by side.
 * Browser-safe.
 */
import { z } from "zod";

/** Text with at least one non-space character once trimmed (`pattern: "\S"` in the document). */
export const nonBlankText = (message: string) => z.string().trim().regex(/\S/, message);

/** An array without repeated items (`uniqueItems`). */
export const uniqueItems = <T extends z.ZodArray>(schema: T, message: string) =>
  schema.refine((list) => new Set(list as unknown[]).size === (list as unknown[]).length, message).meta({ uniqueItems: true });

/** An object with at least one property (`minProperties: 1`); `meta` adds the schema's own metadata (its id). */
export const atLeastOneProperty = <T extends z.ZodObject>(schema: T, message: string, meta: Record<string, unknown> = {}) =>
  schema.refine((value) => Object.keys(value as object).length > 0, message).meta({ ...meta, minProperties: 1 });

/** A record of at most `max` entries (`maxProperties`). */
export const atMostProperties = <T extends z.ZodRecord>(schema: T, max: number, message: string) =>
  schema.refine((value) => Object.keys(value as object).length <= max, message).meta({ maxProperties: max });
