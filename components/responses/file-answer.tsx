"use client";
/**
 * Files in a response (file-upload and signature answers), as owners see
 * them: a download link each (the owner-only URL, served as an attachment)
 * and, for raster images only, a preview. The preview is the image's bytes
 * fetched with the owner's session and shown from a blob: URL typed by us,
 * so nothing the respondent sent (SVG, HTML named .png) is ever rendered as
 * a document from our origin.
 */
import { useEffect, useState } from "react";
import { formatSize } from "@/components/question-types/file-upload/upload";
import type { FileAnswer } from "@/lib/question-types/file-kinds";
import styles from "./responses.module.css";

/** Raster types a browser decodes as images and nothing else (never image/svg+xml). */
const PREVIEWABLE = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]);
/** Larger images are only linked: a preview should not pull tens of megabytes. */
const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;

const isFile = (v: unknown): v is FileAnswer =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as FileAnswer).id === "string" && typeof (v as FileAnswer).url === "string" && typeof (v as FileAnswer).name === "string";

/** The files of an answer (a file-upload list or one signature), or null when it holds none. */
export function filesOf(value: unknown): FileAnswer[] | null {
  if (isFile(value)) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every(isFile)) return value;
  return null;
}

/** "report.pdf, photo.jpg" for a table cell. */
export const fileNames = (files: FileAnswer[]) => files.map((f) => f.name).join(", ");

export function FileAnswerList({ files }: { files: FileAnswer[] }) {
  return (
    <ul className={styles.files}>
      {files.map((f) => (
        <li key={f.id} className={styles.file} data-file-id={f.id}>
          {PREVIEWABLE.has(f.contentType) && f.size <= PREVIEW_MAX_BYTES ? <Preview file={f} /> : null}
          <span>
            <a href={f.url} download={f.name}>{f.name}</a> <span className="muted small">({formatSize(f.size)}, {f.contentType})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Preview({ file }: { file: FileAnswer }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void (async () => {
      try {
        const res = await fetch(file.url, { credentials: "same-origin", cache: "no-store" });
        if (!res.ok) throw new Error(String(res.status));
        const bytes = await res.arrayBuffer();
        if (!live) return;
        url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
        setSrc(url);
      } catch {
        if (live) setFailed(true);
      }
    })();
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.url, file.contentType]);
  if (failed) return <span className="muted small">Preview unavailable</span>;
  if (!src) return <span className={styles.previewPlaceholder} aria-hidden="true" />;
  return <img className={styles.preview} src={src} alt={`Preview of ${file.name}`} />;
}
