/**
 * Messages shown where things happen.
 *
 *   <Alert tone="danger">Could not save: …</Alert>     a block message; danger is role="alert", others role="status"
 *   <InlineStatus tone="success">Saved</InlineStatus>  a small dot + text, announced politely
 *   <Toaster />  once per page tree (the dashboard layout has it), then anywhere below:
 *   const toast = useToast(); toast("Link copied"); toast("Failed", "danger");
 */
"use client";

import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

export type StatusTone = "neutral" | "success" | "warning" | "danger" | "info";

export function Alert({ tone = "info", children }: { tone?: Exclude<StatusTone, "neutral">; children: ReactNode }) {
  return <div className={`alert alert-${tone}`} role={tone === "danger" ? "alert" : "status"}>{children}</div>;
}

export function InlineStatus({ tone = "neutral", children }: { tone?: StatusTone; children: ReactNode }) {
  return (
    <span className={`inline-status tone-${tone}`} role="status" aria-live="polite">
      <span className="inline-status-dot" aria-hidden="true" />
      {children}
    </span>
  );
}

type ToastFn = (message: string, tone?: "neutral" | "danger") => void;
const ToastContext = createContext<ToastFn>(() => {});

export const useToast = () => useContext(ToastContext);

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<{ id: number; message: string; tone: "neutral" | "danger" }[]>([]);
  const toast = useCallback<ToastFn>((message, tone = "neutral") => {
    const id = Date.now() + Math.random();
    setToasts((list) => [...list, { id, message, tone }]);
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), 4000);
  }, []);
  return (
    <ToastContext.Provider value={toast}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((t) => <div key={t.id} className={t.tone === "danger" ? "toast toast-danger" : "toast"}>{t.message}</div>)}
      </div>
    </ToastContext.Provider>
  );
}
