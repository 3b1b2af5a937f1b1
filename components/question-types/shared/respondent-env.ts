"use client";
/**
 * What a respondent control may need from the page around it beyond its
 * question and value: the form's slug (uploads go to its public endpoint),
 * whether this is the builder's preview (nothing leaves the browser), a way
 * to say "still uploading" so the form does not move on or submit without
 * the file, and a way to hand in work not yet saved (a drawn signature) when
 * the respondent moves on. Plain React context: no Next.js runtime.
 */
import { createContext, useCallback, useContext, useMemo, useRef } from "react";

/**
 * Saves what a control holds but has not given as its answer yet: null when
 * there is nothing to save (the form goes on at once), else a promise of the
 * error message, or of null once saved.
 */
export type Flush = () => Promise<string | null> | null;

export interface RespondentEnv {
  slug?: string;
  preview?: boolean;
  /** Marks a question as having uploads in flight (true) or none (false). */
  setUploading: (key: string, uploading: boolean) => void;
  /** Registers (or with undefined, withdraws) the question's flush, run before the form moves on or submits. */
  setFlush: (key: string, flush: Flush | undefined) => void;
}

export const RespondentEnvContext = createContext<RespondentEnv>({ setUploading: () => {}, setFlush: () => {} });

export const useRespondentEnv = () => useContext(RespondentEnvContext);

/** The env a form provides, and which of its questions are still uploading (`uploadingMessage` said of each). */
export function useUploadTracker(slug: string | undefined, preview: boolean | undefined, uploadingMessage: string) {
  const busy = useRef(new Set<string>());
  const flushes = useRef(new Map<string, Flush>());
  const setUploading = useCallback((key: string, uploading: boolean) => void (uploading ? busy.current.add(key) : busy.current.delete(key)), []);
  const setFlush = useCallback((key: string, flush: Flush | undefined) => void (flush ? flushes.current.set(key, flush) : flushes.current.delete(key)), []);
  const env = useMemo<RespondentEnv>(() => ({ slug, preview, setUploading, setFlush }), [slug, preview, setUploading, setFlush]);
  /** The keys among `keys` with an upload in flight, each with its message. */
  const pending = useCallback((keys: readonly string[]) => {
    const found: Record<string, string> = {};
    for (const k of keys) if (busy.current.has(k)) found[k] = uploadingMessage;
    return found;
  }, [uploadingMessage]);
  /**
   * Saves what the questions among `keys` hold unsaved: null when none does,
   * else a promise of the ones that failed, with their message.
   */
  const flush = useCallback((keys: readonly string[]): Promise<Record<string, string>> | null => {
    const work = keys.flatMap((k) => {
      const saving = flushes.current.get(k)?.();
      return saving ? [saving.then((message) => [k, message] as const)] : [];
    });
    if (!work.length) return null;
    return Promise.all(work).then((results) => {
      const found: Record<string, string> = {};
      for (const [k, message] of results) if (message) found[k] = message;
      return found;
    });
  }, []);
  return { env, pending, flush };
}
