/**
 * Autosave of the builder's draft: a debounced PUT /api/forms/:id/version/draft
 * with the draft's `version`, so a save after someone published elsewhere is
 * a 409 (shown, and autosave stops) instead of a silent overwrite.
 *
 * States: "saved" | "saving" | "unsaved" (a change waits for the debounce) |
 * "invalid" (the draft fails the schema; nothing is sent until fixed) | "error".
 */
"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { formSchemaSchema, type FormSchema, type FormSchemaInput } from "@/lib/schema/form-schema";
import { callApi, type ApiErrorBody } from "@/components/dashboard/api";

export type SaveState = "saved" | "saving" | "unsaved" | "invalid" | "error";

const DEBOUNCE_MS = 800;

interface Options {
  formId: string;
  initialVersion: number;
  getValues: () => FormSchemaInput;
  /** Called with the schema's issues when the draft is invalid, or the server's 400 details. */
  onInvalid: (details: { path: string; message: string }[]) => void;
  /** Called with the draft the server accepted. */
  onSaved?: (draft: FormSchema) => void;
}

export function useAutosave({ formId, initialVersion, getValues, onInvalid, onSaved }: Options) {
  const [state, setState] = useState<SaveState>("saved");
  const [error, setError] = useState<ApiErrorBody | null>(null);
  const [conflict, setConflict] = useState(false);
  const version = useRef(initialVersion);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Bumped on every change; a save that finishes behind a newer change leaves "unsaved".
  const generation = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const stopped = useRef(false);

  const save = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (stopped.current) return false;
    if (inFlight.current) await inFlight.current;
    const gen = generation.current;
    const values = { ...getValues(), version: version.current };
    const parsed = formSchemaSchema.safeParse(values);
    if (!parsed.success) {
      setState("invalid");
      onInvalid(parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })));
      return false;
    }
    setState("saving");
    const run = (async () => {
      const res = await callApi<{ draft: FormSchema }>("PUT", `/api/forms/${formId}/version/draft`, parsed.data);
      if (res.ok) {
        setError(null);
        setState(gen === generation.current ? "saved" : "unsaved");
        onSaved?.(res.data.draft);
        return true;
      }
      setError(res.error);
      if (res.status === 409) {
        stopped.current = true;
        setConflict(true);
      }
      if (res.status === 400) onInvalid(res.error.details ?? []);
      setState("error");
      return false;
    })();
    inFlight.current = run;
    try {
      return await run;
    } finally {
      inFlight.current = null;
    }
  }, [formId, getValues, onInvalid, onSaved]);

  /** Call on every change: marks unsaved and saves after a pause in typing. */
  const schedule = useCallback(() => {
    generation.current++;
    if (stopped.current) return;
    setState("unsaved");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), DEBOUNCE_MS);
  }, [save]);

  /** Saves now if anything is pending (before publishing); true when the server has the latest draft. */
  const flush = useCallback(async () => {
    if (timer.current || state === "unsaved" || state === "invalid" || state === "error") return save();
    if (inFlight.current) return inFlight.current;
    return state === "saved";
  }, [save, state]);

  useEffect(() => {
    // Warn before leaving with unsaved work, except after a conflict: then
    // nothing more can be saved here and reloading is the way forward.
    const warn = (e: BeforeUnloadEvent) => {
      if (state !== "saved" && !conflict) e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [state, conflict]);

  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  return {
    state,
    error,
    conflict,
    save,
    schedule,
    flush,
    /** After a publish the draft's version moves on (published + 1). */
    setVersion: (v: number) => { version.current = v; },
  };
}
