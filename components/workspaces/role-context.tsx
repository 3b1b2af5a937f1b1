/**
 * The workspace a page shows and the signed-in member's role in it, for the
 * client components below it: the dashboard layout provides the current
 * workspace, a form's pages the form's own workspace.
 *
 *   <WorkspaceProvider workspace={{ id, name, role }}>…</WorkspaceProvider>
 *   const { id } = useWorkspace();
 *   const check = useAllows("editForms");
 *   <GuardedButton action="editForms" onClick={…}>Delete</GuardedButton>
 *
 * A refused action keeps its button in place but aria-disabled (still
 * focusable, so keyboard and screen-reader users meet the reason, which is
 * its description and its tooltip) and its click does nothing.
 */
"use client";

import { createContext, useContext, useId, type MouseEvent, type ReactNode } from "react";
import { Button } from "@/components/ui";
import type { ButtonProps } from "@/components/ui/button";
import { allows, type Permission, type WorkspaceAction, type WorkspaceRole } from "./permissions";

export interface WorkspaceSummary {
  id: string;
  name: string;
  /** Every user's own workspace: it cannot be left or deleted. */
  personal: boolean;
  role: WorkspaceRole;
}

// Least privilege when a page forgets its provider.
const WorkspaceContext = createContext<WorkspaceSummary>({ id: "", name: "", personal: false, role: "viewer" });

export function WorkspaceProvider({ workspace, children }: { workspace: WorkspaceSummary; children: ReactNode }) {
  return <WorkspaceContext value={workspace}>{children}</WorkspaceContext>;
}

export const useWorkspace = () => useContext(WorkspaceContext);
export const useAllows = (action: WorkspaceAction): Permission => allows(useContext(WorkspaceContext).role, action);

export function GuardedButton({ action, onClick, children, ...rest }: ButtonProps & { action: WorkspaceAction }) {
  const check = useAllows(action);
  const id = useId();
  if (check.allowed) return <Button onClick={onClick} {...rest}>{children}</Button>;
  return (
    <>
      <Button
        {...rest}
        loading={false}
        aria-disabled="true"
        aria-describedby={`${id}-reason`}
        title={check.reason}
        onClick={(e: MouseEvent<HTMLButtonElement>) => e.preventDefault()}
      >
        {children}
      </Button>
      <span id={`${id}-reason`} className="visually-hidden">{check.reason}</span>
    </>
  );
}
