/** The dashboard's top bar: navigation, the signed-in email, Sign out. */
"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui";

const links = [
  { href: "/forms", label: "Forms" },
  { href: "/keys", label: "API keys" },
];

export function AppNav({ email }: { email: string }) {
  const pathname = usePathname();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link href="/forms" className="brand"><span className="brand-mark" aria-hidden="true" />Formloom</Link>
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
