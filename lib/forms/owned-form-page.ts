/**
 * Loading an owner's form for a dashboard page: another owner's form and a
 * missing one are both the 404 page (ids leak nothing, as in the API).
 */
import type { Actor } from "@/lib/workspaces/actor";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/http/errors";
import { getForm } from "./forms";

export async function getFormForPage(actor: Actor, formId: string) {
  try {
    return await getForm(actor, formId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}
