import type { ReactNode } from "react";
import { AppNav } from "@/components/dashboard/app-nav";
import { Toaster } from "@/components/ui";
import { WorkspaceProvider } from "@/components/workspaces/role-context";
import { requireWorkspace } from "@/lib/workspaces/dashboard";

/**
 * Every signed-in page: a session or a redirect to /login; the workspace
 * switcher; and the current workspace with the member's role for the client
 * components below (a form's pages provide the form's own workspace instead).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { user, workspaces, workspace } = await requireWorkspace();
  return (
    <Toaster>
      <WorkspaceProvider workspace={workspace}>
        <a href="#main" className="skip-link">Skip to content</a>
        <AppNav email={user.email} workspaces={workspaces} current={workspace} />
        <main id="main" className="app-main">{children}</main>
      </WorkspaceProvider>
    </Toaster>
  );
}
