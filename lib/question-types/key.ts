/** A question's key (also an ending's): its own module, so lib/logic/schema.ts can use it while define.ts imports that. */
import { z } from "zod";
import { isReservedObjectKey } from "@/lib/http/reserved-keys";

export const questionKeySchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "Use a letter, then letters, digits, _ or - (at most 64)")
  .refine((key) => !isReservedObjectKey(key), "This name is reserved (constructor, prototype, toString, …); choose another key");
