import { db } from "@/lib/db/client";
import { parseRole, type Role } from "./roles";

/** The user's role in a workspace, or null when they are not a member (one primary-key read). */
export async function roleInWorkspace(userId: string, workspaceId: string): Promise<Role | null> {
  const row = await db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, select: { role: true } });
  return row ? parseRole(row.role) : null;
}
