/**
 * Email + password as the sign-in, setup and sign-up forms and POST
 * /api/setup validate them. Browser-safe (lib/auth/users.ts re-exports it).
 */
import { z } from "zod";

export const credentialsSchema = z.strictObject({
  email: z.email("Enter a valid email address").trim().toLowerCase().max(254),
  password: z.string().min(8, "Use at least 8 characters").max(200, "Use at most 200 characters"),
});
export type Credentials = z.infer<typeof credentialsSchema>;
