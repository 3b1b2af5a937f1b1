import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { CreateKeyInput, KeyScope } from "./api-keys-schema";

/** Recognisable in logs and by secret scanners. */
export const KEY_PREFIX = "flk_";
const PREFIX_LENGTH = KEY_PREFIX.length + 8;

// The input schema lives in a browser-safe file so the dashboard's form uses it too.
export { createKeySchema, keyScopes, type CreateKeyInput, type KeyScope } from "./api-keys-schema";

export const keyIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

type KeyRow = { id: string; name: string; scope: string; keyPrefix: string; createdAt: Date; lastUsedAt: Date | null };

/** The API object for a key: never the hash, never the owner. */
export function serializeKey(row: KeyRow) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as KeyScope,
    keyPrefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Creates a key; the full secret is in the result and nowhere else, ever. */
export async function createApiKey(userId: string, input: CreateKeyInput) {
  // 32 random bytes = 256 bits, base64url.
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const row = await db.apiKey.create({
    data: {
      id: newId(),
      userId,
      name: input.name,
      scope: input.scope,
      keyPrefix: key.slice(0, PREFIX_LENGTH),
      keyHash: hashKey(key),
    },
  });
  return { key, ...serializeKey(row) };
}

/** Active keys, newest first. Revoked keys are gone for good, so they are not listed. */
export async function listApiKeys(userId: string) {
  const rows = await db.apiKey.findMany({ where: { userId, revokedAt: null }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(serializeKey);
}

/**
 * Revokes a key: from the next request on it answers 401. A key may revoke
 * itself (how a leaked key is retired with nothing else at hand); a key
 * already revoked is "not found", as it is no longer listed.
 */
export async function revokeApiKey(userId: string, id: string) {
  // Scoped by owner in the WHERE: another owner's key id is simply "not found".
  const { count } = await db.apiKey.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw notFound("API key");
}

/** lastUsedAt is written at most once a minute per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateApiKey(key: string) {
  if (!key.startsWith(KEY_PREFIX)) return null;
  const row = await db.apiKey.findUnique({ where: { keyHash: hashKey(key) } });
  if (!row || row.revokedAt) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return { userId: row.userId, scope: row.scope as KeyScope, keyId: row.id };
}
