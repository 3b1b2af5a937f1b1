/**
 * Workspaces for dashboard server components: which workspace a page shows
 * and the signed-in user's role there. The choice is the page's `workspaceId`
 * search param, else the WORKSPACE_COOKIE (set by the workspace switcher),
 * else the personal workspace; a workspace the user is not in falls back to
 * the personal one (a stale cookie must not lock anyone out).
 * Form pages take the form's own workspace (requireFormActor).
 */
import { cache } from "react";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { resolveWorkspace } from "./access";
// The switcher's choice, written in the browser (./current-cookie.ts).
import { WORKSPACE_COOKIE } from "./current-cookie";
import type { Actor } from "./actor";
import { listWorkspaces } from "./workspaces";
import { AppError } from "@/lib/http/errors";

const sessionActor = (userId: string, workspaceId: string, role: Actor["role"]): Actor => ({
  workspaceId,
  role,
  userId,
  keyId: null,
  keyLabel: null,
  ip: null,
});

/** The user's workspaces with their role (cached per request). */
export const myWorkspaces = cache(async (userId: string) => listWorkspaces({ userId, via: "session", key: null }));

/**
 * The workspace a page acts in (see the module comment), as an Actor for the
 * domain functions, with the user and all their workspaces for the switcher.
 */
export async function requireWorkspace(returnTo?: string, chosen?: string | string[]) {
  const user = await requireUser(returnTo);
  const wanted = (typeof chosen === "string" ? chosen : undefined) ?? (await cookies()).get(WORKSPACE_COOKIE)?.value;
  const workspaces = await myWorkspaces(user.id);
  const current = workspaces.find((w) => w.id === wanted) ?? workspaces.find((w) => w.personal) ?? workspaces[0];
  if (!current) notFound();
  return { user, workspaces, workspace: current, actor: sessionActor(user.id, current.id, current.role) };
}

/**
 * A form page: the form's workspace and the user's role there. Not a member
 * (or no such form): the 404 page, as in the API.
 */
export async function requireFormActor(formId: string, returnTo: string): Promise<Actor> {
  const user = await requireUser(returnTo);
  return formActor(user.id, formId);
}

// Cached per request: a form's layout and page both ask.
const formActor = cache(async (userId: string, formId: string): Promise<Actor> => {
  try {
    const { workspaceId, role } = await resolveWorkspace({ userId, via: "session", key: null }, { kind: "form", id: formId });
    return sessionActor(userId, workspaceId, role);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export { roleInWorkspace } from "./roles-query";
