/**
 * The workspace switcher in the dashboard's top bar: a disclosure button
 * naming the current workspace, opening a list of the member's workspaces
 * (each with the member's role) and "New workspace". Choosing one stores it
 * (lib/workspaces/current-cookie.ts) and reloads the forms list of that workspace.
 * Keyboard: Tab through the list, Escape closes it and returns focus.
 */
"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Alert, Button, Input } from "@/components/ui";
import { callApi, detailsByPath } from "@/components/dashboard/api";
import { openWorkspace } from "@/lib/workspaces/current-cookie";
import { roleLabels } from "./permissions";
import type { WorkspaceSummary } from "./role-context";

export function WorkspaceSwitcher({ workspaces, current }: { workspaces: WorkspaceSummary[]; current: WorkspaceSummary }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const choose = openWorkspace;

  return (
    <div
      ref={root}
      className="workspace-switcher"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="workspace-toggle"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="visually-hidden">Workspace: </span>
        <span className="workspace-name">{current.name}</span>
        <span className="muted small">{roleLabels[current.role]}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <div id={`${id}-list`} className="workspace-menu" hidden={!open}>
        <p className="small muted" id={`${id}-heading`} style={{ margin: "0 0 4px" }}>Switch workspace</p>
        <ul aria-labelledby={`${id}-heading`}>
          {workspaces.map((w) => (
            <li key={w.id}>
              <button type="button" className="workspace-item" aria-current={w.id === current.id ? "true" : undefined} onClick={() => choose(w.id)}>
                <span>{w.name}</span>
                <span className="muted small">{roleLabels[w.role]}</span>
              </button>
            </li>
          ))}
        </ul>
        <Button variant="secondary" size="sm" onClick={() => { setOpen(false); setCreating(true); }}>New workspace</Button>
      </div>
      {creating && <NewWorkspaceDialog onClose={() => setCreating(false)} onCreated={choose} />}
    </div>
  );
}

function NewWorkspaceDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldError(undefined);
    if (!name.trim()) return setFieldError("Give the workspace a name");
    setBusy(true);
    const res = await callApi<{ workspace: { id: string } }>("POST", "/api/workspaces", { name: name.trim() });
    setBusy(false);
    if (!res.ok) {
      setFieldError(detailsByPath(res.error).name);
      return setError(res.error.message);
    }
    onCreated(res.data.workspace.id);
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={submit} method="post" noValidate>
        <div className="dialog-body stack">
          <h2 id={`${id}-title`}>New workspace</h2>
          <p className="muted" style={{ margin: 0 }}>A workspace holds forms, API keys and webhooks shared by its members. You will be its owner.</p>
          {error && <Alert tone="danger">{error}</Alert>}
          <Input label="Workspace name" autoFocus maxLength={100} value={name} error={fieldError} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="dialog-actions">
          <Button variant="secondary" onClick={() => ref.current?.close()}>Cancel</Button>
          <Button type="submit" loading={busy}>Create workspace</Button>
        </div>
      </form>
    </dialog>
  );
}
