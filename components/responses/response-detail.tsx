"use client";

/**
 * The whole response in a side panel: every question with its full answer,
 * answers to questions no longer in the form, and the hidden-field metadata.
 * A native modal <dialog> gives focus trapping and Escape for free.
 * Deleting asks for confirmation first. A response held as suspected spam
 * says why, and can be restored ("not spam": it then counts like any other).
 */
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert, Button, ConfirmDialog, LocalTime, useToast } from "@/components/ui";
import { callApi } from "@/components/dashboard/api";
import { GuardedButton } from "@/components/workspaces/role-context";
import { formatAnswer, questionLabel } from "@/lib/responses/view-model";
import { languageLabel } from "@/lib/i18n/languages";
import { spamReasonText } from "@/lib/responses/spam-state";
import { FileAnswerList, filesOf } from "./file-answer";
import type { ResponseColumn, ResponseRow } from "./types";
import styles from "./responses.module.css";

interface Props {
  formId: string;
  columns: ResponseColumn[];
  response: ResponseRow;
  /** e.g. "3 of 20 on this page" */
  position: string;
  /** Step to the neighbouring response of the page (undefined at an end). */
  onNewer?: () => void;
  onOlder?: () => void;
  onClose: () => void;
  onDeleted: () => void;
  /** Restored from suspected spam: it leaves the held view. */
  onRestored: () => void;
}

export function ResponseDetail({ formId, columns, response, position, onNewer, onOlder, onClose, onDeleted, onRestored }: Props) {
  const router = useRouter();
  const toast = useToast();
  const dialog = useRef<HTMLDialogElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  // Stepping to another response starts with no pending confirmation.
  useEffect(() => {
    setConfirming(false);
    setDeleting(false);
    setError(null);
    setRestoring(false);
    setRestoreError(null);
  }, [response.id]);

  const known = new Set(columns.map((c) => c.key));
  const extra = Object.keys(response.answers).filter((key) => !known.has(key));
  const metadata = Object.entries(response.metadata);

  async function remove() {
    setDeleting(true);
    setError(null);
    try {
      const res = await fetch(`/api/forms/${encodeURIComponent(formId)}/responses/${encodeURIComponent(response.id)}`, {
        method: "DELETE",
        credentials: "same-origin",
      });
      // 404: deleted meanwhile (another tab, the API); the outcome is the same.
      if (res.status !== 204 && res.status !== 404) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? `the server answered ${res.status}`);
      }
      setConfirming(false);
      onDeleted();
      toast("Response deleted");
      router.refresh();
    } catch (e) {
      setError(`Could not delete the response: ${(e as Error).message}`);
      setDeleting(false);
    }
  }

  async function restore() {
    setRestoring(true);
    setRestoreError(null);
    const res = await callApi("PATCH", `/api/forms/${encodeURIComponent(formId)}/responses/${encodeURIComponent(response.id)}`, { spam: false });
    if (!res.ok) {
      setRestoreError(`Could not restore the response: ${res.error.message}`);
      setRestoring(false);
      return;
    }
    onRestored();
    toast("Response restored: it now counts in the responses and analytics");
    router.refresh();
  }

  return (
    <dialog ref={dialog} className={styles.panel} aria-labelledby="response-detail-title"
      // Only this dialog's own close counts (the confirmation inside closes too), and
      // not a stale one: React's dev double-run of the effect closes and reopens it.
      onClose={(e) => { if (e.target === e.currentTarget && !e.currentTarget.open) onClose(); }}
      // A click on the backdrop (the dialog box itself, outside the content) closes it.
      onClick={(e) => { if (e.target === e.currentTarget) dialog.current?.close(); }}>
      <div className={styles.panelInner}>
        <header className={styles.panelHeader}>
          <h2 id="response-detail-title">Response</h2>
          <div className="row">
            <Button variant="secondary" size="sm" onClick={onNewer} disabled={!onNewer}>← Newer</Button>
            <Button variant="secondary" size="sm" onClick={onOlder} disabled={!onOlder}>Older →</Button>
            <Button variant="ghost" className={`btn-icon ${styles.closeButton}`} onClick={() => dialog.current?.close()} aria-label="Close">
              <span aria-hidden="true">×</span>
            </Button>
          </div>
        </header>
        <p className="muted small" aria-live="polite" style={{ margin: 0 }}>{position}</p>
        <p className="muted small">
          Submitted <LocalTime value={response.submittedAt} />
          <br />
          <span data-testid="response-language">Answered in {languageLabel(response.language)} ({response.language})</span>
          <br />
          <span className="mono">ID {response.id}</span>
        </p>

        {response.spam.suspected && (
          <div className="stack-sm" data-testid="held-reasons">
            <Alert tone="warning">
              <strong>Held as suspected spam.</strong> It counts nowhere until you restore it.
              <ul style={{ margin: "var(--space-2) 0 0", paddingLeft: "1.25rem" }}>
                {response.spam.reasons.map((reason) => <li key={reason}>{spamReasonText[reason]}</li>)}
              </ul>
            </Alert>
            {restoreError && <Alert tone="danger">{restoreError}</Alert>}
          </div>
        )}

        <dl className={styles.answers}>
          {columns.map((c) => {
            const files = filesOf(response.answers[c.key]);
            const text = files ? "" : formatAnswer(response.answers[c.key], c);
            return (
              <div key={c.key}>
                <dt>{questionLabel(c)}</dt>
                <dd>{files ? <FileAnswerList files={files} /> : text || <span className="muted">No answer</span>}</dd>
              </div>
            );
          })}
          {extra.map((key) => (
            <div key={key}>
              <dt>{key} <span className={styles.labelNote}>(no longer in the form)</span></dt>
              <dd>{filesOf(response.answers[key]) ? <FileAnswerList files={filesOf(response.answers[key])!} /> : formatAnswer(response.answers[key])}</dd>
            </div>
          ))}
        </dl>

        <h3 className={styles.panelSubtitle}>Metadata</h3>
        {metadata.length ? (
          <dl className={styles.metadata}>
            {metadata.map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted small">No hidden-field values came with this response.</p>
        )}

        <footer className={`${styles.panelFooter} row`}>
          {response.spam.suspected && (
            <GuardedButton action="restoreResponses" onClick={restore} loading={restoring}>Not spam: restore it</GuardedButton>
          )}
          <GuardedButton action="deleteResponses" variant="danger" onClick={() => { setError(null); setConfirming(true); }}>Delete response</GuardedButton>
        </footer>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this response?"
        description="It is removed from the table, the export and the analytics. This cannot be undone."
        confirmLabel="Delete response"
        busy={deleting}
        error={error}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </dialog>
  );
}
