/**
 * Moving the form to another workspace (POST /api/forms/:id/move): the
 * workspaces offered are those where the member may edit forms; the API
 * checks the roles again. Afterwards the page reloads in the new workspace.
 */
"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Alert, Button, ConfirmDialog, Select, useToast } from "@/components/ui";
import { callApi } from "@/components/dashboard/api";
import { atLeast } from "@/components/workspaces/permissions";
import { GuardedButton, useAllows, useWorkspace, type WorkspaceSummary } from "@/components/workspaces/role-context";

export function MoveFormPanel({ formId }: { formId: string }) {
  const router = useRouter();
  const toast = useToast();
  const current = useWorkspace();
  const canMove = useAllows("moveForms");
  const [targets, setTargets] = useState<WorkspaceSummary[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!canMove.allowed) return;
    void callApi<{ workspaces: WorkspaceSummary[] }>("GET", "/api/workspaces").then((res) => {
      if (!res.ok) return setError(res.error.message);
      const list = res.data.workspaces.filter((w) => w.id !== current.id && atLeast(w.role, "editor"));
      setTargets(list);
      setChosen(list[0]?.id ?? "");
    });
  }, [canMove.allowed, current.id]);

  const target = targets?.find((w) => w.id === chosen);
  const move = async () => {
    setBusy(true);
    setError(null);
    const res = await callApi("POST", `/api/forms/${formId}/move`, { workspaceId: chosen });
    setBusy(false);
    if (!res.ok) return setError(res.error.message);
    setConfirming(false);
    toast(`Moved to ${target?.name ?? "the workspace"}`);
    router.refresh();
  };

  return (
    <div className="stack">
      <p className="small muted" style={{ margin: 0 }}>
        This form is in <strong>{current.name || "this workspace"}</strong>. Moving it takes its responses, files, analytics,
        notifications and webhooks along; its link stays the same. Members and API keys of this workspace lose access.
      </p>
      {!canMove.allowed ? (
        <GuardedButton action="moveForms" variant="secondary">Move form…</GuardedButton>
      ) : targets === null ? (
        error ? <Alert tone="danger">{error}</Alert> : <p className="small muted">Loading your workspaces…</p>
      ) : targets.length === 0 ? (
        <p className="small muted">You can edit forms in no other workspace. Create one, or ask to be made an editor in one.</p>
      ) : (
        <>
          <Select label="Move to" value={chosen} onChange={(e) => setChosen(e.target.value)} options={targets.map((w) => ({ value: w.id, label: w.name }))} />
          <div><Button variant="secondary" onClick={() => { setError(null); setConfirming(true); }}>Move form…</Button></div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Move this form to ${target?.name ?? "another workspace"}?`}
        description="Its responses, files and webhooks go with it. Members and API keys of this workspace will no longer see it; both workspaces' audit logs record the move."
        confirmLabel="Move form"
        tone="primary"
        busy={busy}
        error={error}
        onConfirm={move}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
