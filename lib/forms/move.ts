/**
 * Moving a form to another workspace. Everything of a form hangs off its row
 * (versions, responses, answers, counters, views, files, notifications,
 * webhooks and their deliveries), so the move is the form's workspaceId and
 * the copy of it each webhook keeps; every query for a workspace's objects
 * names the workspace, so the old workspace's members and keys lose the form
 * in the same commit.
 */
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/http/errors";
import type { Actor } from "@/lib/workspaces/actor";
import { alsoAudit, auditEntry, writeAudit } from "@/lib/workspaces/audit";
import { atLeast, parseRole, type Role } from "@/lib/workspaces/roles";
import { getForm, getOwnedForm } from "./forms";

/** The least role in the workspace the form goes to. (The route asks for admin in the form's own.) */
export const MOVE_TARGET_ROLE: Role = "editor";

export async function moveForm(actor: Actor, formId: string, workspaceId: string) {
  // Ownership first: another workspace's form is "not found" whatever else is wrong.
  const form = await getOwnedForm(actor.workspaceId, formId);
  if (actor.keyId !== null) {
    throw new AppError("forbidden", "An API key acts in its own workspace only; move a form from a dashboard session");
  }
  if (workspaceId === actor.workspaceId) {
    throw new AppError("validation_failed", "The form is already in this workspace", [{ path: "workspaceId", message: "Name another workspace" }]);
  }
  const membership = await db.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId: actor.userId } }, select: { role: true } });
  // A workspace the caller is not in is "not found", like any other workspace id of someone else's.
  if (!membership) throw notFound("Workspace");
  const role = parseRole(membership.role);
  if (!atLeast(role, MOVE_TARGET_ROLE)) {
    throw new AppError("forbidden", `Moving a form here needs the ${MOVE_TARGET_ROLE} role in the workspace it goes to; yours is ${role}`);
  }
  const out = await auditEntry(actor, "form.moved_out", "form", form.id);
  const into = { ...alsoAudit(out, "form.moved_in", "form", form.id), workspaceId };
  await db.$transaction(async (tx) => {
    // Conditional on the workspace it was read in, so of two concurrent moves only one happens (and is logged).
    const { count } = await tx.form.updateMany({ where: { id: form.id, workspaceId: actor.workspaceId }, data: { workspaceId } });
    if (count === 0) throw notFound("Form");
    await tx.webhook.updateMany({ where: { formId: form.id }, data: { workspaceId } });
    await writeAudit(tx, out);
    await writeAudit(tx, into);
  });
  return getForm({ ...actor, workspaceId, role }, form.id);
}
