/**
 * Resolves the workspace a request acts in and the caller's role there: one
 * indexed query on Membership (by primary key, or by the form's / key's id
 * through an indexed EXISTS), run once per request by lib/http/route.ts.
 * No membership = "not found" (404), so ids of other workspaces leak nothing.
 */
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { lowerRole, parseRole, type Role } from "./roles";

/** Where a route finds its workspace. */
export type WorkspaceTarget =
  /** params.id is a form id: the form's workspace. */
  | { kind: "form"; id: string }
  /** params.id is a workspace id. */
  | { kind: "workspace"; id: string }
  /** params.id is an API key id: the key's workspace. */
  | { kind: "key"; id: string }
  /** A workspace the caller chose (query/body workspaceId); none = their personal workspace. */
  | { kind: "chosen"; id: string | undefined };

export interface Caller {
  userId: string;
  via: "key" | "session";
  /** API keys act only in the workspace they were created in. */
  key: { id: string; workspaceId: string; scope: "read" | "write"; label: string } | null;
}

const NOUN = { form: "Form", workspace: "Workspace", key: "API key", chosen: "Workspace" } as const;

export async function resolveWorkspace(caller: Caller, target: WorkspaceTarget): Promise<{ workspaceId: string; role: Role }> {
  const { userId, key } = caller;
  let row: { workspaceId: string; role: string } | null;
  if (key) {
    // A key's workspace is fixed; naming another is "not found". Form and key
    // ids are checked by the domain query, which names the workspace.
    if ((target.kind === "workspace" || target.kind === "chosen") && target.id !== undefined && target.id !== key.workspaceId) {
      throw notFound(NOUN[target.kind]);
    }
    row = await membership(key.workspaceId, userId);
    // The FK from ApiKey to its creator's Membership deletes the key with it;
    // this is only reached in the instant between the two.
    if (!row) throw notFound(NOUN[target.kind]);
    const role = parseRole(row.role);
    return { workspaceId: key.workspaceId, role: key.scope === "read" ? lowerRole(role, "viewer") : role };
  }
  switch (target.kind) {
    case "form":
      row = await db.membership.findFirst({ where: { userId, workspace: { forms: { some: { id: target.id } } } }, select: SELECT });
      break;
    case "key":
      row = await db.membership.findFirst({ where: { userId, workspace: { apiKeys: { some: { id: target.id } } } }, select: SELECT });
      break;
    case "workspace":
      row = await membership(target.id, userId);
      break;
    case "chosen":
      // The personal workspace's id is the user's id.
      row = await membership(target.id ?? userId, userId);
      break;
  }
  if (!row) throw notFound(NOUN[target.kind]);
  return { workspaceId: row.workspaceId, role: parseRole(row.role) };
}

const SELECT = { workspaceId: true, role: true } as const;

const membership = (workspaceId: string, userId: string) =>
  db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, select: SELECT });
