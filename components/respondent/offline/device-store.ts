/**
 * The respondent's answers kept on the device (localStorage) as they go, so a
 * reload or a crashed tab loses nothing, even before any network call has
 * succeeded; and a submission made without a connection, queued until the
 * connection returns. Keyed by form slug + published version: answers to an
 * older version are not poured into a newer one.
 *
 * Only the respondent page's bundle (boot.tsx) turns it on; in the builder's
 * preview and in Next-rendered pages it stays off and does nothing.
 */
import { DRAFT_MAX_AGE_MS } from "@/lib/public/draft-age";
import type { Answers } from "@/lib/schema/answers";
import type { Draft } from "../validate";

/**
 * A submission waiting for the connection: finishing the response `id`, or
 * creating it with the Idempotency-Key `createKey`, so a replay never stores it twice.
 */
export interface QueuedSubmission {
  slug: string;
  id: string | null;
  createKey: string | null;
  answers: Answers;
  startToken?: string;
  honeypot?: string;
  /** The page's language (recorded with the response). */
  language?: string;
}

let storageKey: string | null = null;

/** Turns the device store on for one form version (`<slug>@<version>`). */
export function enableDeviceStore(key: string) {
  // A browser that refuses storage here (a frame on another site, third-party storage blocked) keeps
  // nothing: the store stays off, so the page never says "saved on this device" when it was not.
  try {
    localStorage.setItem("formloom:probe", "1");
    localStorage.removeItem("formloom:probe");
  } catch {
    return;
  }
  storageKey = key;
}

const draftKey = () => `formloom:draft:${storageKey}`;
const queueKey = () => `formloom:queue:${storageKey}`;
const filesKey = () => `formloom:files:${storageKey}`;
const startKey = () => `formloom:start:${storageKey}`;

/** What the page knew of an uploaded file; the draft keeps only its id. */
export interface KeptFile {
  name: string;
  size: number;
}

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") as T | null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked or full: the page still works, it just forgets on reload.
  }
}

export const deviceStore = {
  get enabled() {
    return storageKey !== null;
  },
  /** The kept draft, unless saved longer ago than a draft lives (a shared device forgets; the next save replaces it). */
  loadDraft(): Draft | null {
    const kept = storageKey ? read<{ at: number; answers: Draft }>(draftKey()) : null;
    return kept && Date.now() - kept.at < DRAFT_MAX_AGE_MS ? kept.answers : null;
  },
  /** `startToken`: the page's start token, kept with the first draft (see keptStartToken). */
  saveDraft(draft: Draft, startToken?: string) {
    if (!storageKey) return;
    write(draftKey(), { at: Date.now(), answers: draft });
    if (startToken && read<string>(startKey()) === null) write(startKey(), startToken);
  },
  /**
   * The start token of the page the kept draft was begun on. The minimum fill time
   * (lib/public/spam.ts) runs from then: a respondent who reloads a filled-in form
   * and sends it at once is not taken for a bot and silently dropped.
   */
  keptStartToken(): string | null {
    const token = storageKey ? read<unknown>(startKey()) : null;
    return typeof token === "string" ? token : null;
  },
  loadQueued(): QueuedSubmission | null {
    return storageKey ? read<QueuedSubmission>(queueKey()) : null;
  },
  queue(item: QueuedSubmission | null) {
    if (storageKey) write(queueKey(), item);
  },
  /** Name and size of a file this device uploaded, so a resumed page lists it as the respondent chose it. */
  keepFile(id: string, file: KeptFile) {
    if (!storageKey) return;
    write(filesKey(), { ...read<Record<string, KeptFile>>(filesKey()), [id]: file });
  },
  keptFile(id: string): KeptFile | null {
    const files = storageKey ? read<Record<string, KeptFile>>(filesKey()) : null;
    return files && Object.hasOwn(files, id) ? files[id] : null;
  },
  /** After the response was stored: nothing is kept for this form any more. */
  clear() {
    if (!storageKey) return;
    write(draftKey(), null);
    write(queueKey(), null);
    write(filesKey(), null);
    write(startKey(), null);
  },
};

/** Resolves when the browser says it is online (at once if it already does). */
/** Between two tries while the browser says it is online but the server could not be reached. */
export const RETRY_PAUSE_MS = 3000;

/** Resolves after RETRY_PAUSE_MS when the browser is online (the server was unreachable), else when it comes online. */
export function beforeRetry(): Promise<void> {
  if (typeof navigator !== "undefined" && navigator.onLine) return new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  return whenOnline();
}

export function whenOnline(): Promise<void> {
  if (typeof navigator === "undefined" || navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => addEventListener("online", () => resolve(), { once: true }));
}
