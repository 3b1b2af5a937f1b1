import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import type { Actor } from "@/lib/workspaces/actor";
import { auditEntry, writeAudit } from "@/lib/workspaces/audit";
import { atLeast } from "@/lib/workspaces/roles";
import type { CreateKeyInput, KeyScope } from "./api-keys-schema";

/** Recognisable in logs and by secret scanners. */
export const KEY_PREFIX = "flk_";
const PREFIX_LENGTH = KEY_PREFIX.length + 8;

// The input schema lives in a browser-safe file so the dashboard's form uses it too.
export { createKeySchema, keyScopes, type CreateKeyInput, type KeyScope } from "./api-keys-schema";

export const keyIdParams = z.strictObject({ id: z.string().min(1).max(64) });

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

type KeyRow = { id: string; name: string; scope: string; keyPrefix: string; createdAt: Date; lastUsedAt: Date | null; workspaceId: string; userId: string };

/** The API object for a key: never the hash. `createdBy` is the member whose role caps it. */
export function serializeKey(row: KeyRow) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as KeyScope,
    keyPrefix: row.keyPrefix,
    workspaceId: row.workspaceId,
    createdBy: row.userId,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** How the audit log names a key. */
export const keyLabel = (row: { name: string; keyPrefix: string }) => `${row.name} (${row.keyPrefix}…)`;

/**
 * Creates a key of the actor in the actor's workspace; the full secret is in
 * the result and nowhere else, ever. It acts with its creator's role there
 * (a read key: at most viewer), read on every request, and is deleted with
 * the creator's membership.
 */
export async function createApiKey(actor: Actor, input: Omit<CreateKeyInput, "workspaceId">) {
  // 32 random bytes = 256 bits, base64url.
  const key = KEY_PREFIX + randomBytes(32).toString("base64url");
  const id = newId();
  const audit = await auditEntry(actor, "key.created", "key", id);
  const row = await db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        id,
        workspaceId: actor.workspaceId,
        userId: actor.userId,
        name: input.name,
        scope: input.scope,
        keyPrefix: key.slice(0, PREFIX_LENGTH),
        keyHash: hashKey(key),
      },
    });
    await writeAudit(tx, audit);
    return created;
  });
  return { key, ...serializeKey(row) };
}

/**
 * Active keys of the workspace, newest first: admins and owners see
 * everyone's, other members their own. Revoked keys are gone for good.
 */
export async function listApiKeys(actor: Actor) {
  const mine = atLeast(actor.role, "admin") ? {} : { userId: actor.userId };
  const rows = await db.apiKey.findMany({
    where: { workspaceId: actor.workspaceId, ...mine, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map(serializeKey);
}

/**
 * Revokes a key: from the next request on it answers 401. A key may revoke
 * itself (how a leaked key is retired with nothing else at hand); a key
 * already revoked is "not found", as it is no longer listed.
 */
export async function revokeApiKey(actor: Actor, id: string) {
  // Scoped by workspace (and, below admin, by creator) in the WHERE: any other key id is simply "not found".
  const mine = atLeast(actor.role, "admin") ? {} : { userId: actor.userId };
  const audit = await auditEntry(actor, "key.revoked", "key", id);
  await db.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({ where: { id, workspaceId: actor.workspaceId, ...mine, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 0) throw notFound("API key");
    await writeAudit(tx, audit);
  });
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
  return { userId: row.userId, workspaceId: row.workspaceId, scope: row.scope as KeyScope, keyId: row.id, label: keyLabel(row) };
}
