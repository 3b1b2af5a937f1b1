/** Owners only: rename the workspace, or delete it with everything in it (not a personal workspace). */
"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert, Button, Card, ConfirmDialog, Input, useToast } from "@/components/ui";
import { callApi, detailsByPath } from "@/components/dashboard/api";
import { rememberWorkspace } from "@/lib/workspaces/current-cookie";
import { useWorkspace } from "./role-context";

export function WorkspaceSettings() {
  const router = useRouter();
  const toast = useToast();
  const workspace = useWorkspace();
  const [name, setName] = useState(workspace.name);
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    setNameError(undefined);
    setSaving(true);
    const res = await callApi("PATCH", `/api/workspaces/${workspace.id}`, { name: name.trim() });
    setSaving(false);
    if (!res.ok) return setNameError(detailsByPath(res.error).name ?? res.error.message);
    toast("Workspace renamed");
    router.refresh();
  };

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    const res = await callApi("DELETE", `/api/workspaces/${workspace.id}`);
    setDeleting(false);
    if (!res.ok) return setDeleteError(res.error.message);
    rememberWorkspace("");
    window.location.assign("/forms");
  };

  return (
    <Card title="Workspace settings" titleAs="h2">
      <div className="stack">
        <form onSubmit={rename} method="post" noValidate className="row" style={{ alignItems: "flex-end" }}>
          <div className="grow"><Input label="Workspace name" maxLength={100} value={name} error={nameError} onChange={(e) => setName(e.target.value)} /></div>
          <Button type="submit" variant="secondary" loading={saving} disabled={name.trim() === workspace.name}>Rename</Button>
        </form>
        {!workspace.personal && (
          <div className="stack-sm">
            <Alert tone="warning">Deleting the workspace deletes its forms with all their responses and files, its webhooks, API keys and audit log. Members keep their accounts.</Alert>
            <div><Button variant="danger" onClick={() => setConfirming(true)}>Delete workspace</Button></div>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${workspace.name}”?`}
        description="Its forms, responses, files, webhooks, API keys and audit log are deleted. This cannot be undone."
        confirmLabel="Delete workspace"
        busy={deleting}
        error={deleteError}
        onConfirm={remove}
        onCancel={() => { setConfirming(false); setDeleteError(null); }}
      />
    </Card>
  );
}
