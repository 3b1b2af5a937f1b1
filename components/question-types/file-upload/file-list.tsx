"use client";
/**
 * The respondent's files of one question while they upload: progress,
 * cancel, retry, remove; every change of state said in a live region. Plain
 * React hooks only (the respondent page leaves the Next.js client runtime).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "@/components/respondent/i18n";
import { deviceStore } from "@/components/respondent/offline/device-store";
import { useRespondentEnv } from "../shared/respondent-env";
import { ABORTED, formatSize, uploadFile, type UploadHandle } from "./upload";

export interface FileItem {
  /** Local key (a file id once uploaded). */
  key: string;
  name: string;
  size: number | null;
  state: "uploading" | "done" | "failed";
  progress: number;
  /** The stored file's id (state "done"). */
  id?: string;
  error?: string;
  /** Kept for Retry. */
  blob?: Blob;
}

let seq = 0;

/** An uploaded file named only by its id (a resumed response): as this device kept it, else "Uploaded file N". */
function keptItem(id: string, n: number, t: ReturnType<typeof useI18n>["t"]): FileItem {
  const kept = deviceStore.keptFile(id);
  return { key: id, id, name: kept?.name ?? t("uploadedFile", { n }), size: kept?.size ?? null, state: "done", progress: 1 };
}

/**
 * The items of one question and their uploads. `onIds` gets the uploaded
 * ids, in the order chosen, whenever they change.
 */
export function useUploads(questionKey: string, initialIds: readonly string[], onIds: (ids: string[]) => void) {
  const env = useRespondentEnv();
  const { t } = useI18n();
  const [items, setItems] = useState<FileItem[]>(() =>
    initialIds.map((id, i) => keptItem(id, i + 1, t)),
  );
  const [said, setSaid] = useState("");
  const ref = useRef(items);
  const handles = useRef(new Map<string, UploadHandle>());
  const onIdsRef = useRef(onIds);
  onIdsRef.current = onIds;

  const update = useCallback((fn: (list: FileItem[]) => FileItem[], idsChanged = false) => {
    ref.current = fn(ref.current);
    setItems(ref.current);
    env.setUploading(questionKey, ref.current.some((i) => i.state === "uploading"));
    if (idsChanged) onIdsRef.current(ref.current.flatMap((i) => (i.state === "done" && i.id ? [i.id] : [])));
  }, [env, questionKey]);

  const patch = useCallback((key: string, change: Partial<FileItem>, idsChanged = false) =>
    update((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)), idsChanged), [update]);

  /** Uploads one item; resolves to the failure's message, or null once it is uploaded (or was removed meanwhile). */
  const start = useCallback((key: string, blob: Blob, name: string): Promise<string | null> => {
    if (!env.slug || env.preview) {
      patch(key, { state: "failed", error: t("uploadsOffInPreview"), blob: undefined });
      return Promise.resolve(t("uploadsOffInPreview"));
    }
    patch(key, { state: "uploading", progress: 0, error: undefined });
    let last = 0;
    const handle = uploadFile(env.slug, questionKey, blob, name, t, (fraction) => {
      // A re-render per percent is plenty.
      if (fraction - last >= 0.01 || fraction === 1) {
        last = fraction;
        patch(key, { progress: fraction });
      }
    });
    handles.current.set(key, handle);
    return handle.result.then((r) => {
      handles.current.delete(key);
      if (!ref.current.some((i) => i.key === key)) return null; // removed meanwhile
      if (r.ok) {
        deviceStore.keepFile(r.file.id, { name, size: r.file.size });
        patch(key, { state: "done", progress: 1, id: r.file.id, size: r.file.size, blob: undefined }, true);
        setSaid(t("fileUploadedSr", { name }));
        return null;
      }
      if (r.code === ABORTED) {
        update((list) => list.filter((i) => i.key !== key));
        setSaid(t("uploadOfCancelled", { name }));
        return null;
      }
      // 413/415 will not get better by retrying the same bytes.
      const retry = r.status !== 413 && r.status !== 415;
      patch(key, { state: "failed", error: r.message, blob: retry ? blob : undefined });
      setSaid(t("fileFailedSr", { name, message: r.message }));
      return r.message;
    });
  }, [env, patch, questionKey, update, t]);

  /**
   * Adds files to the list and uploads them (a `problem` instead: listed as
   * failed, never sent). Resolves when the uploads are over: to each one's
   * failure message, or null.
   */
  const add = useCallback((files: { blob: Blob; name: string; problem: string | null }[]) => {
    const added = files.map((f) => ({ key: `local-${++seq}`, ...f }));
    update((list) => [
      ...list,
      ...added.map((f): FileItem => ({ key: f.key, name: f.name, size: f.blob.size, state: f.problem ? "failed" : "uploading", progress: 0, error: f.problem ?? undefined })),
    ]);
    const results = added.map((f) => (f.problem ? Promise.resolve(f.problem) : start(f.key, f.blob, f.name)));
    const problems = added.filter((f) => f.problem).map((f) => f.problem);
    if (problems.length) setSaid(problems.join(" "));
    return Promise.all(results);
  }, [start, update]);

  const cancel = useCallback((key: string) => handles.current.get(key)?.abort(), []);
  const retry = useCallback((key: string) => {
    const item = ref.current.find((i) => i.key === key);
    if (item?.blob) void start(key, item.blob, item.name);
  }, [start]);
  const remove = useCallback((key: string) => {
    const item = ref.current.find((i) => i.key === key);
    handles.current.get(key)?.abort();
    update((list) => list.filter((i) => i.key !== key), item?.state === "done");
    if (item) setSaid(t("fileRemovedSr", { name: item.name }));
  }, [update, t]);

  /** Drops every item (a signature redrawn): in-flight uploads are aborted. */
  const clear = useCallback(() => {
    for (const h of handles.current.values()) h.abort();
    update(() => [], true);
  }, [update]);

  // Answers set from outside after mount (an immersive form resumed after a reload) join the list.
  const given = initialIds.join(",");
  useEffect(() => {
    const missing = initialIds.filter((id) => !ref.current.some((i) => i.id === id));
    if (!missing.length) return;
    update((list) => [...list, ...missing.map((id, n) => keptItem(id, list.length + n + 1, t))]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the ids themselves
  }, [given]);

  // Leaving the page (or the question being unmounted) cancels what is in flight.
  useEffect(() => () => {
    for (const h of handles.current.values()) h.abort();
  }, []);

  return { items, said, add, cancel, retry, remove, clear };
}

/** The list under the picker: one row per file with its state and buttons. */
export function FileRows({ items, idBase, cancel, retry, remove }: { items: FileItem[]; idBase: string } & Pick<ReturnType<typeof useUploads>, "cancel" | "retry" | "remove">) {
  const { t } = useI18n();
  if (!items.length) return null;
  return (
    <ul className="fl-files" aria-label={t("files")}>
      {items.map((item) => {
        const nameId = `${idBase}-${item.key}`;
        return (
          <li key={item.key} className={`fl-file fl-file-${item.state}`} data-state={item.state}>
            <span className="fl-file-name" id={nameId}>{item.name}</span>
            {item.size !== null ? <span className="fl-file-size">{formatSize(item.size)}</span> : null}
            {item.state === "uploading" ? (
              <progress className="fl-file-progress" max={100} value={Math.round(item.progress * 100)} aria-labelledby={nameId} aria-valuetext={t("uploadingPercent", { percent: Math.round(item.progress * 100) })} />
            ) : null}
            {item.state === "done" ? <span className="fl-file-status">{t("uploaded")}</span> : null}
            {item.state === "failed" ? <span className="fl-file-error">{item.error}</span> : null}
            <span className="fl-file-actions">
              {item.state === "uploading" ? (
                <button type="button" className="fl-link-button" aria-describedby={nameId} onClick={() => cancel(item.key)}>{t("cancel")}</button>
              ) : null}
              {item.state === "failed" && item.blob ? (
                <button type="button" className="fl-link-button" aria-describedby={nameId} onClick={() => retry(item.key)}>{t("retry")}</button>
              ) : null}
              {item.state !== "uploading" ? (
                <button type="button" className="fl-link-button" aria-label={t("removeFile", { name: item.name })} onClick={() => remove(item.key)}>{t("remove")}</button>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
