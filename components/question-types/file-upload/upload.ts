/**
 * The respondent's upload client: one file to
 * `POST /api/public/forms/:slug/files?question=<key>` (multipart, field
 * `file`), with progress and abort. XMLHttpRequest, not fetch: only XHR
 * reports upload progress in every browser. No React or Next here, so the
 * respondent page can use it whatever runtime it is moved to.
 *
 * Also the checks that can be made before a byte is sent (size, and type by
 * name or browser-given MIME type). They are a courtesy: the server checks
 * the real bytes (magic numbers) and has the last word.
 */
import { isAccepted } from "@/lib/files/accept";
import type { MessageId, Translate } from "@/lib/i18n/translator";

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
}

export type UploadResult =
  | { ok: true; file: UploadedFile }
  | { ok: false; status: number; code: string; message: string };

export interface UploadHandle {
  result: Promise<UploadResult>;
  abort: () => void;
}

export const ABORTED = "aborted";

const MESSAGES = new Map<number, MessageId>([
  [413, "fileTooLarge"],
  [415, "fileTypeRefused"],
  [429, "tooManyUploads"],
]);

export const uploadUrl = (slug: string, questionKey: string) =>
  `/api/public/forms/${encodeURIComponent(slug)}/files?question=${encodeURIComponent(questionKey)}`;

/** Sends one file; `onProgress` gets the fraction sent (0–1). Never rejects: failures resolve `ok: false`. */
export function uploadFile(slug: string, questionKey: string, file: Blob, name: string, t: Translate, onProgress?: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const result = new Promise<UploadResult>((resolve) => {
    const fail = (status: number, code: string, message: string) => resolve({ ok: false, status, code, message });
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      let body: { file?: UploadedFile; error?: { code?: string; message?: string } } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body?.file?.id) return resolve({ ok: true, file: body.file });
      const code = body?.error?.code ?? "error";
      // The page's words first (in its language); the server's message (English) only for what the page has no words for.
      const known = MESSAGES.get(xhr.status);
      fail(xhr.status, code, known ? t(known) : (body?.error?.message ?? t("uploadFailed", { status: xhr.status })));
    };
    xhr.onerror = () => fail(0, "network", t("noConnectionRetry"));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => fail(0, ABORTED, t("uploadCancelled"));
    xhr.open("POST", uploadUrl(slug, questionKey));
    xhr.withCredentials = true; // same origin anyway; the respondent cookie ties the file to this respondent
    const body = new FormData();
    body.append("file", file, name);
    xhr.send(body);
  });
  return { result, abort: () => xhr.abort() };
}

/**
 * `accept` entries (extensions ".pdf", MIME patterns "image/*") against the name's extension and the
 * browser-given type, by the server's own rule (lib/files/accept.ts: ".jpg" takes "photo.jpeg" too).
 */
export function matchesAccept(accept: readonly string[], name: string, type: string): boolean {
  if (!accept.length) return true;
  const dot = name.lastIndexOf(".");
  return isAccepted({ ext: dot >= 0 ? name.slice(dot + 1).toLowerCase() : "", mime: type.toLowerCase() }, accept);
}

export const MB = 1024 * 1024;

/** Why a file cannot be sent, known before sending it (null: send it and let the server decide). */
export function precheck(file: { name: string; size: number; type: string }, rules: { accept: readonly string[]; maxFileSizeMB: number }, t: Translate): string | null {
  if (file.size === 0) return t("fileEmpty", { name: file.name });
  if (file.size > rules.maxFileSizeMB * MB) return t("fileTooBig", { name: file.name, size: rules.maxFileSizeMB });
  // Without a browser-given type (some phones, unknown extensions) only the extensions can be judged here: the server sniffs the bytes.
  if (!matchesAccept(rules.accept, file.name, file.type) && (file.type || rules.accept.every((a) => a.startsWith(".")))) {
    return t("fileNotAccepted", { name: file.name, types: describeAccept(rules.accept) });
  }
  return null;
}

/** "PDF, images" style text for hints and messages. */
export function describeAccept(accept: readonly string[]): string {
  const words = accept.map((a) => {
    if (a.endsWith("/*")) return `${a.slice(0, -2)} files`.replace(/^image files$/, "images");
    if (a.startsWith(".")) return a.slice(1).toUpperCase();
    return a;
  });
  return words.join(", ");
}

/** 1234567 → "1.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
}
