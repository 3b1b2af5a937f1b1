/** The dashboard's top bar: the workspace switcher, navigation, the signed-in email, Sign out. */
"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui";
import { allows } from "@/components/workspaces/permissions";
import type { WorkspaceSummary } from "@/components/workspaces/role-context";
import { WorkspaceSwitcher } from "@/components/workspaces/workspace-switcher";

export function AppNav({ email, workspaces, current: fromCookie }: { email: string; workspaces: WorkspaceSummary[]; current: WorkspaceSummary }) {
  const pathname = usePathname();
  // A page may be opened for another workspace of the member (?workspaceId=…, as the API takes it):
  // the bar shows that one, as the page does (a layout does not see the query).
  const chosen = useSearchParams().get("workspaceId");
  const current = workspaces.find((w) => w.id === chosen) ?? fromCookie;
  const links = [
    { href: "/forms", label: "Forms" },
    { href: "/keys", label: "API keys" },
    { href: "/members", label: "Members" },
    { href: "/api-reference", label: "API reference" },
    // Hidden below admin: the API refuses the log to editors and viewers.
    ...(allows(current.role, "readAuditLog").allowed ? [{ href: "/audit-log", label: "Audit log" }] : []),
  ];
  const [signingOut, setSigningOut] = useState(false);
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link href="/forms" className="brand"><span className="brand-mark" aria-hidden="true" />Formloom</Link>
        <WorkspaceSwitcher workspaces={workspaces} current={current} />
        <nav aria-label="Main" className="app-nav">
          {links.map((l) => (
            <Link key={l.href} href={l.href} aria-current={pathname === l.href || pathname.startsWith(l.href + "/") ? "page" : undefined}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="app-user">
          <span title="Signed in as">{email}</span>
          <Button
            variant="secondary"
            size="sm"
            loading={signingOut}
            onClick={async () => {
              setSigningOut(true);
              // redirect: false, then a full page load: no stale dashboard in the router cache.
              await signOut({ redirect: false });
              window.location.assign("/login");
            }}
          >
            Sign out
          </Button>
        </div>
      </div>
    </header>
  );
}
