/** Duplicate and delete (with confirmation) for one row of the forms list; disabled with the reason for viewers. */
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog, useToast } from "@/components/ui";
import { GuardedButton } from "@/components/workspaces/role-context";
import { callApi } from "./api";

export function FormRowActions({ id, title, responseCount }: { id: string; title: string; responseCount: number }) {
  const router = useRouter();
  const toast = useToast();
  const [duplicating, setDuplicating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const duplicate = async () => {
    setDuplicating(true);
    const res = await callApi("POST", `/api/forms/${id}/duplicate`);
    setDuplicating(false);
    if (!res.ok) return toast(`Could not duplicate: ${res.error.message}`, "danger");
    toast(`Duplicated “${title}”`);
    router.refresh();
  };

  const remove = async () => {
    setDeleting(true);
    setDeleteError(null);
    const res = await callApi("DELETE", `/api/forms/${id}`);
    setDeleting(false);
    if (!res.ok) return setDeleteError(res.error.message);
    setConfirming(false);
    toast(`Deleted “${title}”`);
    router.refresh();
  };

  return (
    <div className="row" style={{ justifyContent: "flex-end", flexWrap: "nowrap" }}>
      <GuardedButton action="editForms" variant="ghost" size="sm" loading={duplicating} onClick={duplicate} aria-label={`Duplicate ${title}`}>Duplicate</GuardedButton>
      <GuardedButton action="editForms" variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${title}`}>Delete</GuardedButton>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${title}”?`}
        description={responseCount > 0 ? `Its ${responseCount} response${responseCount === 1 ? "" : "s"} will be deleted too. This cannot be undone.` : "This cannot be undone."}
        confirmLabel="Delete form"
        busy={deleting}
        error={deleteError}
        onConfirm={remove}
        onCancel={() => { setConfirming(false); setDeleteError(null); }}
      />
    </div>
  );
}
