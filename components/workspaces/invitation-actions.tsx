/** The invitation page's buttons: join with the signed-in account, or sign out of the wrong one. */
"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { Alert, Button } from "@/components/ui";
import { acceptInvitation } from "./accept-invitation";

export function JoinButton({ token, workspaceName }: { token: string; workspaceName: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="stack-sm">
      {error && <Alert tone="danger">{error}</Alert>}
      <Button
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          const failure = await acceptInvitation(token);
          if (failure) {
            setError(failure);
            setBusy(false);
          }
        }}
      >
        Join {workspaceName}
      </Button>
    </div>
  );
}

/** Signs out and comes back to the same invitation page, to continue with the invited account. */
export function SignOutAndReturn() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await signOut({ redirect: false });
        window.location.reload();
      }}
    >
      Sign out
    </Button>
  );
}
