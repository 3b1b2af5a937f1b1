import type { ReactNode } from "react";
import { requireUser } from "@/lib/auth/require-user";
import { AppNav } from "@/components/dashboard/app-nav";
import { Toaster } from "@/components/ui";

/** Every signed-in page: a session or a redirect to /login. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireUser();
  return (
    <Toaster>
      <a href="#main" className="skip-link">Skip to content</a>
      <AppNav email={user.email} />
      <main id="main" className="app-main">{children}</main>
    </Toaster>
  );
}
