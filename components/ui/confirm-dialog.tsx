/**
 * An accessible confirmation dialog: the native <dialog> opened with
 * showModal(), so the rest of the page is inert and focus stays inside
 * (the browser's own focus trap), Escape cancels, and focus returns to the
 * element that opened it.
 *
 *   const [open, setOpen] = useState(false);
 *   <ConfirmDialog
 *     open={open}
 *     title="Delete this form?"
 *     description="Its responses are deleted too. This cannot be undone."
 *     confirmLabel="Delete form"        // default "Confirm"
 *     tone="danger"                      // default "danger"; or "primary"
 *     busy={deleting}                    // spinner + disabled buttons while working
 *     error={message}                    // shown inside the dialog
 *     onConfirm={async () => { … }}
 *     onCancel={() => setOpen(false)}
 *   />
 *
 * The cancel button gets focus first, so Enter never confirms by accident.
 */
"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "./button";

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

export function ConfirmDialog({ open, title, description, confirmLabel = "Confirm", cancelLabel = "Cancel", tone = "danger", busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      (opener.current as HTMLElement | null)?.focus?.();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-desc` : undefined}
      onCancel={(e) => {
        // Escape: let React state close it (keeps `open` the source of truth).
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <div className="dialog-body">
        <h2 id={`${id}-title`}>{title}</h2>
        {description && <div id={`${id}-desc`} className="muted">{description}</div>}
        {error && <p className="alert alert-danger" role="alert" style={{ marginTop: 12, marginBottom: 0 }}>{error}</p>}
      </div>
      <div className="dialog-actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>{cancelLabel}</Button>
        <Button variant={tone} loading={busy} onClick={() => void onConfirm()}>{confirmLabel}</Button>
      </div>
    </dialog>
  );
}
