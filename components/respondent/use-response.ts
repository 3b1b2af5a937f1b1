"use client";
/**
 * The respondent's answers and their trip to the server: a partial response
 * is created with the first answer and updated as the respondent moves on
 * (immersive mode), then finished on submit. In preview nothing leaves the
 * browser.
 *
 * Only the answers on the path (lib/logic, over the answers so far) are
 * checked and sent: an answer left on a question that logic has since hidden
 * stays in the draft (it comes back if the question does) but is not sent,
 * and a required question off the path is not required. The server applies
 * the same engine when the response is finished.
 */
import { useCallback, useRef, useState } from "react";
import { livePath, type LivePath } from "@/lib/logic/respondent";
import type { Ending } from "@/lib/logic/types";
import type { AnswerValue, Answers } from "@/lib/schema/answers";
import type { MessageId, Translate } from "@/lib/i18n/translator";
import type { Question } from "@/lib/schema/form-schema";
import { notifyHost } from "./embed-bridge";
import { beforeRetry, deviceStore } from "./offline/device-store";
import { createResponse, discardResponse, newIdempotencyKey, updateResponse, type ApiResult, type SavedResponse } from "./public-api";
import { checkAnswers, errorsFromDetails, type Draft, type FieldErrors } from "./validate";

export interface ResponseOptions {
  questions: Question[];
  /** The form's endings (jump targets); with the questions, what the engine reads. */
  endings?: readonly Ending[];
  slug?: string;
  preview?: boolean;
  startToken?: string;
  initialAnswers?: Draft;
  initialErrors?: FieldErrors;
  initialBanner?: string;
  /** Reads the honeypot input (filled only by bots). */
  honeypot: () => string;
  /** The page's messages, and its language (recorded with the response). */
  t: Translate;
  language: string;
}

/** `reached`: the path the finished answers took (its ending and score are the server's too: same engine, same answers). */
export type SubmitOutcome = { ok: true; reached: LivePath } | { ok: false; errors: FieldErrors };

const MESSAGES = new Map<string, MessageId>([
  ["form_not_open", "formNotOpen"],
  ["form_closed", "formClosed"],
  ["form_full", "formFull"],
  ["already_responded", "alreadyResponded"],
  ["rate_limited", "rateLimited"],
  ["not_found", "formGone"],
]);

const messageOf = (r: Extract<ApiResult<unknown>, { ok: false }>, t: Translate) => t(MESSAGES.get(r.code) ?? (r.status === 0 ? "noConnection" : "serverError"));

export function useResponse(opts: ResponseOptions) {
  const [draft, setDraft] = useState<Draft>(opts.initialAnswers ?? {});
  const [errors, setErrors] = useState<FieldErrors>(opts.initialErrors ?? {});
  const [banner, setBanner] = useState(opts.initialBanner ?? "");
  const [busy, setBusy] = useState(false);
  const draftRef = useRef(draft);
  const idRef = useRef<string | null>(null);
  const lastSaved = useRef("");
  const chain = useRef<Promise<void>>(Promise.resolve());
  const o = useRef(opts);
  o.current = opts;
  // The start token the response was started with (see resume).
  const tokenRef = useRef(opts.startToken);
  // One key per response to create: a retried create replays instead of duplicating.
  const createKey = useRef<string | null>(null);
  const submitting = useRef(false);

  const replace = useCallback((next: Draft) => {
    draftRef.current = next;
    setDraft(next);
    deviceStore.saveDraft(next, tokenRef.current); // kept on the device as the respondent goes (off outside the respondent page)
  }, []);

  const setAnswer = useCallback((key: string, value: AnswerValue | undefined) => {
    replace({ ...draftRef.current, [key]: value });
    setErrors((e) => (e[key] ? { ...e, [key]: "" } : e));
  }, [replace]);

  /**
   * Continue a response started before a reload. The minimum fill time runs
   * from when the respondent first opened the form, so the token issued then
   * (kept in localStorage with the response id) goes on; without it none is
   * sent, as for an API client.
   */
  const resume = useCallback((id: string, answers: Draft) => {
    idRef.current = id;
    tokenRef.current = readStartToken(o.current.slug, id);
    replace(answers);
    lastSaved.current = JSON.stringify(live().answers);
  }, [replace]);

  const hiddenKeys = () => new Set(o.current.questions.filter((q) => q.type === "hidden").map((q) => q.key));
  /** The path over the answers so far. */
  const live = () => livePath({ questions: o.current.questions, endings: o.current.endings }, draftRef.current);

  /**
   * Creates the response, or updates the one in progress. The server merges a
   * PATCH over what it stored, so an answer cleared since is sent as null. The
   * start token and honeypot ride along on every call: the minimum fill time
   * is checked when the response is finished, whichever call does that.
   */
  const send = (partial: boolean): Promise<ApiResult<{ response: SavedResponse }>> => {
    const { slug, honeypot, questions } = o.current;
    const answers = live().answers as Answers;
    const spam = { startToken: tokenRef.current, honeypot: honeypot() || undefined, language: o.current.language };
    const id = idRef.current;
    if (!id) {
      createKey.current ??= newIdempotencyKey();
      return createResponse(slug!, { answers, partial, ...spam }, createKey.current);
    }
    const all: Record<string, AnswerValue | null> = {};
    for (const q of questions) if (q.type !== "statement") all[q.key] = answers[q.key] ?? null;
    return updateResponse(slug!, id, { answers: all, partial, ...spam });
  };

  /** Saves the answers so far as a partial response, in the background, in order. */
  const savePartial = useCallback(() => {
    if (o.current.preview || !o.current.slug) return;
    const answers = live().answers;
    const hidden = hiddenKeys();
    if (!Object.keys(answers).some((k) => !hidden.has(k))) return;
    const snapshot = JSON.stringify(answers);
    if (snapshot === lastSaved.current) return;
    lastSaved.current = snapshot;
    chain.current = chain.current.then(async () => {
      let r = await send(true);
      if (!r.ok && r.status === 404 && idRef.current) {
        idRef.current = null; // the partial response is gone: start a new one
        createKey.current = null;
        r = await send(true);
      }
      if (r.ok) {
        if (!idRef.current) keepStartToken(o.current.slug, r.data.response.id, tokenRef.current);
        idRef.current = r.data.response.id;
        createKey.current = null;
        return;
      }
      lastSaved.current = "";
      if (r.code === "validation_failed") setErrors((e) => ({ ...e, ...errorsFromDetails(r.details) }));
      else if (r.status !== 0) setBanner(messageOf(r, o.current.t));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads everything through refs
  }, []);

  /** Checks every answer, then finishes the response. */
  const submit = useCallback(async (): Promise<SubmitOutcome> => {
    // A second Enter or click while sending changes nothing.
    if (submitting.current) return { ok: false, errors: {} };
    const reached = live();
    const found = checkAnswers(o.current.questions.filter((q) => reached.onPath(q.key)), reached.answers as Draft, o.current.t);
    if (Object.keys(found).length) {
      setErrors(found);
      return { ok: false, errors: found };
    }
    setBanner("");
    if (o.current.preview || !o.current.slug) return { ok: true, reached };
    setBusy(true);
    submitting.current = true;
    try {
      await chain.current;
      let r = await send(false);
      if (!r.ok && r.status === 404 && idRef.current) {
        idRef.current = null;
        createKey.current = null;
        r = await send(false);
      }
      if (r.ok && !r.data.response.finished) {
        // The create was a replay of an earlier partial one (its answer was lost on the way): finish that.
        idRef.current = r.data.response.id;
        createKey.current = null;
        r = await send(false);
      }
      // No connection: kept on the device (replayed by boot.tsx after a reload), and sent when it returns.
      while (!r.ok && r.status === 0 && deviceStore.enabled) {
        deviceStore.queue({ slug: o.current.slug!, id: idRef.current, createKey: createKey.current, answers: live().answers as Answers, startToken: tokenRef.current, honeypot: o.current.honeypot() || undefined, language: o.current.language });
        setBanner(o.current.t("savedOffline"));
        await beforeRetry();
        r = await send(false);
        if (r.ok && !r.data.response.finished) {
          idRef.current = r.data.response.id;
          createKey.current = null;
          r = await send(false);
        }
      }
      if (r.ok) {
        notifyHost({ type: "formloom:submit", responseId: r.data.response.id });
        forgetStartedResponse(o.current.slug);
        deviceStore.clear();
        setBanner("");
        return { ok: true, reached };
      }
      const fromServer = r.code === "validation_failed" ? errorsFromDetails(r.details) : {};
      if (Object.keys(fromServer).length) setErrors(fromServer);
      else setBanner(messageOf(r, o.current.t));
      return { ok: false, errors: fromServer };
    } finally {
      submitting.current = false;
      setBusy(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads everything through refs
  }, []);

  /**
   * "Start over" (a shared device): once the saves in flight are done, the
   * response in progress, its files and the respondent cookie are deleted on
   * the server, what the device kept goes, and the page loads afresh.
   */
  const startOver = useCallback(async () => {
    await chain.current;
    await discardResponse(o.current.slug!);
    forgetStartedResponse(o.current.slug);
    deviceStore.clear();
    location.reload();
  }, []);
  // Something to start over from: an answer the respondent gave (hidden values come from the link).
  const started = !opts.preview && opts.questions.some((q) => q.type !== "hidden" && q.key in draft);

  return { draft, draftRef, setAnswer, errors, setErrors, banner, busy, savePartial, submit, resume, started, startOver };
}

const tokenKey = (slug: string | undefined) => `formloom:start:${slug}`;

function keepStartToken(slug: string | undefined, id: string, token: string | undefined) {
  try {
    localStorage.setItem(tokenKey(slug), JSON.stringify({ id, token }));
  } catch {
    // Storage blocked: the response is not resumed after a reload.
  }
}

/** Whether this browser started a response to the form that it has not finished. */
export function hasStartedResponse(slug: string | undefined): boolean {
  try {
    return localStorage.getItem(tokenKey(slug)) !== null;
  } catch {
    return false;
  }
}

function forgetStartedResponse(slug: string | undefined) {
  try {
    localStorage.removeItem(tokenKey(slug));
  } catch {
    // nothing kept
  }
}

function readStartToken(slug: string | undefined, id: string): string | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(tokenKey(slug)) ?? "null");
    return kept?.id === id && typeof kept.token === "string" ? kept.token : undefined;
  } catch {
    return undefined;
  }
}
