"use client";
/**
 * What a respondent control may need from the page around it beyond its
 * question and value: the form's slug (uploads go to its public endpoint),
 * whether this is the builder's preview (nothing leaves the browser), and a
 * way to say "still uploading" so the form does not move on or submit
 * without the file. Plain React context: no Next.js runtime.
 */
import { createContext, useCallback, useContext, useMemo, useRef } from "react";

export interface RespondentEnv {
  slug?: string;
  preview?: boolean;
  /** Marks a question as having uploads in flight (true) or none (false). */
  setUploading: (key: string, uploading: boolean) => void;
}

export const RespondentEnvContext = createContext<RespondentEnv>({ setUploading: () => {} });

export const useRespondentEnv = () => useContext(RespondentEnvContext);

/** The env a form provides, and which of its questions are still uploading (`uploadingMessage` said of each). */
export function useUploadTracker(slug: string | undefined, preview: boolean | undefined, uploadingMessage: string) {
  const busy = useRef(new Set<string>());
  const setUploading = useCallback((key: string, uploading: boolean) => {
    if (uploading) busy.current.add(key);
    else busy.current.delete(key);
  }, []);
  const env = useMemo<RespondentEnv>(() => ({ slug, preview, setUploading }), [slug, preview, setUploading]);
  /** The keys among `keys` with an upload in flight, each with its message. */
  const pending = useCallback((keys: readonly string[]) => {
    const found: Record<string, string> = {};
    for (const k of keys) if (busy.current.has(k)) found[k] = uploadingMessage;
    return found;
  }, [uploadingMessage]);
  return { env, pending };
}
