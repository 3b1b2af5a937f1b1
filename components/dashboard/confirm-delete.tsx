/**
 * A small "Revoke"/"Remove" button that asks first, then DELETEs one API
 * path; on success it says so in a toast and refreshes the page's server
 * data, on failure the dialog shows the API's message.
 */
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, ConfirmDialog, useToast } from "@/components/ui";
import { callApi } from "./api";

export interface ConfirmDeleteProps {
  /** The API path to DELETE. */
  path: string;
  /** The button's text and its accessible name. */
  label: string;
  ariaLabel: string;
  /** The dialog's question, explanation and confirm button. */
  title: string;
  description: string;
  confirmLabel: string;
  /** The toast once done. */
  done: string;
}

export function ConfirmDeleteButton({ path, label, ariaLabel, title, description, confirmLabel, done }: ConfirmDeleteProps) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const res = await callApi("DELETE", path);
    setBusy(false);
    if (!res.ok) return setError(res.error.message);
    setOpen(false);
    toast(done);
    router.refresh();
  };
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={ariaLabel}>{label}</Button>
      <ConfirmDialog
        open={open}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        busy={busy}
        error={error}
        onConfirm={confirm}
        onCancel={() => { setOpen(false); setError(null); }}
      />
    </>
  );
}
