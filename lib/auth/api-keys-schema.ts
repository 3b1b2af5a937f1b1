/**
 * The API key input schema, browser-safe (no node:crypto, no database), so
 * the dashboard's key form validates with exactly what POST /api/keys does.
 * lib/auth/api-keys.ts re-exports it.
 */
import { z } from "zod";
import { nonBlankText } from "@/lib/schema/constraints";

export const keyScopes = ["read", "write"] as const;
export type KeyScope = (typeof keyScopes)[number];

export const createKeySchema = z
  .strictObject({
    name: nonBlankText("Give the key a name").max(100).describe("Label shown in the key list"),
    scope: z.enum(keyScopes).describe("read: GET requests only (at most what a viewer may do); write: everything the creator's role allows"),
    workspaceId: z.string().min(1).max(64).optional().describe("The workspace the key acts in (default: your personal workspace)"),
  })
  .meta({ id: "CreateKeyInput" });
export type CreateKeyInput = z.infer<typeof createKeySchema>;
