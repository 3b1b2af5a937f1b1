import { z } from "zod";
import { registerAccount } from "@/lib/auth/accounts";
import { newCredentialsSchema } from "@/lib/auth/password-policy";
import { allowOnly } from "@/lib/http/allow";
import { clientIp } from "@/lib/http/client-ip";
import { AppError } from "@/lib/http/errors";
import { route } from "@/lib/http/route";
import { consumeRateLimit } from "@/lib/rate-limit";

/** Account creations per client IP per hour (only reachable while registration is open). */
const REGISTRATIONS_PER_HOUR = 20;

/**
 * Creates the first owner of a fresh install, or (with ALLOW_SIGNUP=true) a
 * new account; 403 once an owner exists otherwise. The page then signs in.
 */
export const POST = route({
  auth: "public",
  body: newCredentialsSchema,
  status: 201,
  handler: async ({ req, body }) => {
    const limit = await consumeRateLimit(`register:ip:${clientIp(req.headers)}`, REGISTRATIONS_PER_HOUR, 60 * 60_000);
    if (!limit.allowed) {
      throw new AppError("rate_limited", "Too many accounts created from this address; try again later", undefined, { "Retry-After": String(limit.retryAfterSeconds) });
    }
    return { user: await registerAccount(body) };
  },
  doc: {
    tag: "Operations",
    summary: "Create the first owner account",
    description: "On a fresh install (or with ALLOW_SIGNUP=true) creates a dashboard account; 403 once an owner exists otherwise. A password needs 8 " +
      "characters besides spaces and invisible ones and must not be one of the most common passwords (400 `validation_failed` says which).",
    success: { description: "The account", schema: z.strictObject({ user: z.strictObject({ id: z.string(), email: z.string() }) }) },
    errors: ["forbidden", "conflict", "rate_limited"],
  },
});

export const { GET, HEAD, OPTIONS, PUT, PATCH, DELETE } = allowOnly({ POST });
