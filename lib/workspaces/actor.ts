/**
 * Who acts, and in which workspace: what every domain function that touches
 * a workspace's objects takes. Domain queries name `workspaceId` in their
 * where, so an id from another workspace is simply "not found".
 */
import type { Role } from "./roles";

export interface Actor {
  workspaceId: string;
  role: Role;
  userId: string;
  /** Set when the request came with an API key: the audit log names the key. */
  keyId: string | null;
  keyLabel: string | null;
  ip: string | null;
}

/** A user acting in their personal workspace (whose id is theirs), as its owner: the CLI's and tests' default. */
export const personalActor = (userId: string): Actor => ({ workspaceId: userId, role: "owner", userId, keyId: null, keyLabel: null, ip: null });
