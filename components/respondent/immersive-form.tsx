"use client";
/**
 * Immersive mode: one question at a time, Typeform-style; consecutive
 * questions with the same `group` share one screen (a question group).
 *
 * Keys: Enter goes on (Shift+Enter is a new line in long text); ↑/↓ move
 * between questions unless focus is in a control that uses arrows itself
 * (text, number, date, select, a radio group — there ←/→/↑/↓ keep their
 * native meaning); letters A–Z (or digits 1–9) pick a choice, Y/N answer
 * yes/no, digits pick a rating or NPS score ("1" then "0" quickly gives 10). On a choice-like
 * question focus goes to the question itself, so these keys work at once and
 * screen readers read the question first; Tab enters the options.
 *
 * Logic (lib/logic, over the answers so far): OK goes to the next step with a
 * question on the path (a jump skips the steps in between; an ending or a
 * path with nothing left makes this step the last: Submit); Back retraces the
 * steps actually taken (a trail), not the schema's order; the progress bar is
 * the position within the current path.
 */
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ADVANCE_MS } from "@/components/question-types/shared/choice-group";
import { controlOf } from "@/components/question-types/respondent-controls";
import { livePath, type LivePath } from "@/lib/logic/respondent";
import type { AnswerValue } from "@/lib/schema/answers";
import type { FormRendererProps } from "./form-renderer";
import { StartOver, ThankYou } from "./form-renderer";
import { useI18n } from "./i18n";
import { reachedScreen, shownQuestion, type EndingScreen } from "./logic";
import { currentResponse } from "./public-api";
import { QuestionField, type PickedVia, type VisibleQuestion as Visible } from "./question-field";
import { hasStartedResponse, type useResponse } from "./use-response";
import { checkAnswers } from "./validate";
import { buttonLabel } from "@/lib/theme/style";
import { Cover, Logo } from "./brand";

type Numbered = { q: Visible; conditional: boolean };
/** A screen: the welcome, or one question, or a group's questions (`qs.length > 1`). */
type Step = { kind: "welcome" } | { kind: "question"; q: Visible; qs: Numbered[] };

interface ImmersiveProps extends FormRendererProps {
  restart?: () => void;
  session: ReturnType<typeof useResponse>;
  idPrefix: string;
  shell: (children: ReactNode, onSubmit: (e: FormEvent<HTMLFormElement>) => void, className: string) => ReactNode;
  /** The path over the answers as rendered (handlers recompute it from the latest answers). */
  live: LivePath;
  /** Per question: whether logic may leave it off the path (lib/logic/respondent.ts mayLeavePath). */
  mayLeave: boolean[];
  /** Hydrated: conditional questions may show their required mark. */
  ready: boolean;
  /** Questions among `keys` whose files are still uploading, with their message. */
  pendingUploads?: (keys: readonly string[]) => Record<string, string>;
  /** Saves what questions among `keys` hold unsaved (a drawn signature): null when nothing, else the failures. */
  flushUploads?: (keys: readonly string[]) => Promise<Record<string, string>> | null;
}


function buildSteps(schema: FormRendererProps["schema"], mayLeave: boolean[]): Step[] {
  const steps: Step[] = schema.description ? [{ kind: "welcome" }] : [];
  schema.questions.forEach((q, i) => {
    if (q.type === "hidden") return;
    const item = { q, conditional: mayLeave[i] };
    const prev = steps.at(-1);
    if (q.group && prev?.kind === "question" && prev.q.group === q.group) prev.qs.push(item);
    else steps.push({ kind: "question", q, qs: [item] });
  });
  return steps;
}

/** A step's questions on the path (the welcome is always on it). */
const onPathOf = (step: Step | undefined, live: LivePath) => (step?.kind === "question" ? step.qs.filter((x) => live.onPath(x.q.key)) : []);
const isOnPath = (step: Step | undefined, live: LivePath) => step?.kind === "welcome" || onPathOf(step, live).length > 0;

export function ImmersiveForm({ schema, preview, slug, session, idPrefix, shell, activeQuestionKey, hiddenValues, restart, live, mayLeave, ready, pendingUploads, flushUploads }: ImmersiveProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const steps = buildSteps(schema, mayLeave);
  const [index, setIndex] = useState(0);
  // "still" on arrival: the first screen shows at once, it does not fade in (LCP).
  const [dir, setDir] = useState<"fwd" | "back" | "still">("still");
  const [done, setDone] = useState<EndingScreen | null>(null);
  const indexRef = useRef(0);
  // The steps taken to reach this one, in order: Back retraces them.
  const [trail, setTrail] = useState<number[]>([]);
  const trailRef = useRef<number[]>([]);
  const moved = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastDigit = useRef({ digit: "", at: 0 });
  const last = steps.length - 1;
  /** The path over the latest answers (handlers may run before a re-render, e.g. from a timer). */
  const latest = () => livePath(schema, session.draftRef.current);
  /** The first step after `i` with a question on the path; -1: none (step i ends the form). */
  const nextOnPath = (i: number, path: LivePath) => steps.findIndex((s, j) => j > i && s.kind === "question" && isOnPath(s, path));

  /**
   * Shows step `to` after the steps in `taken`; `focus: false` when the move is
   * not the respondent's (the builder following its selection).
   */
  const go = (to: number, taken: number[], direction: "fwd" | "back" = to >= indexRef.current ? "fwd" : "back", focus = true) => {
    clearTimeout(timer.current);
    const clamped = Math.max(0, Math.min(last, to));
    indexRef.current = clamped;
    trailRef.current = taken;
    moved.current = focus;
    setDir(direction);
    setTrail(taken);
    setIndex(clamped);
  };
  /** Step `to`, as if reached along the current path (a resumed response, a message on that step, the builder's selection). */
  const goAlongPath = (to: number, focus = true) => {
    const path = latest();
    go(to, steps.flatMap((s, j) => (j < to && isOnPath(s, path) ? [j] : [])), undefined, focus);
  };

  // A reload resumes the respondent's unfinished response where they left off
  // (asked only when this browser started one: a first visit makes no request).
  useEffect(() => {
    if (preview || !slug || !hasStartedResponse(slug)) return;
    let active = true;
    void currentResponse(slug).then((found) => {
      if (!active || !found) return;
      session.resume(found.id, { ...found.metadata, ...found.answers, ...hiddenValues });
      // On to the step after the last one answered on the path.
      const path = latest();
      let after = -1;
      steps.forEach((s, i) => {
        if (onPathOf(s, path).some((x) => found.answers[x.q.key] !== undefined)) after = i;
      });
      const to = after >= 0 ? nextOnPath(after, path) : -1;
      if (after >= 0 && indexRef.current === 0) goAlongPath(to >= 0 ? to : after);
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on open
  }, [preview, slug]);

  useEffect(() => {
    if (!activeQuestionKey) return;
    const i = steps.findIndex((s) => s.kind === "question" && s.qs.some((x) => x.q.key === activeQuestionKey));
    // Never steal focus from the builder's editor.
    if (i >= 0) goAlongPath(i, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the builder's selection only
  }, [activeQuestionKey]);

  // Focus follows the step (not on first load: that would open a phone's keyboard uninvited).
  // A layout effect, so focus moves in the same task as the render: Preact runs
  // plain effects after the next frame, and a fast typist's next keys would
  // otherwise land in the step just left (now hidden) and be lost.
  useLayoutEffect(() => {
    if (!moved.current || done) return;
    const step = steps[index];
    const el =
      step?.kind === "question"
        ? document.getElementById(`${idPrefix}-${(onPathOf(step, latest())[0] ?? step.qs[0]).q.key}`)
        : document.getElementById(`${idPrefix}-welcome`);
    el?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, done]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = async () => {
    const outcome = await session.submit();
    if (outcome.ok) return setDone(reachedScreen(schema, outcome.reached, t));
    const bad = steps.findIndex((s) => s.kind === "question" && s.qs.some((x) => outcome.errors[x.q.key]));
    if (bad >= 0) goAlongPath(bad);
  };

  const next = async () => {
    const i = indexRef.current;
    const step = steps[i];
    if (step?.kind === "question") {
      const shown = onPathOf(step, latest());
      const keys = shown.map((x) => x.q.key);
      // Unsaved work (a drawn signature) is uploaded first; with none, this goes on at once (no wait between key presses).
      const saving = flushUploads?.(keys);
      const failed = saving ? await saving : {};
      if (indexRef.current !== i) return;
      const found = { ...checkAnswers(shown.map((x) => x.q), session.draftRef.current, t), ...pendingUploads?.(keys), ...failed };
      const bad = shown.find((x) => found[x.q.key]);
      if (bad) {
        session.setErrors((e) => ({ ...e, ...found }));
        document.getElementById(`${idPrefix}-${bad.q.key}`)?.focus({ preventScroll: true });
        return;
      }
    }
    const path = latest();
    const to = nextOnPath(i, path);
    if (to < 0) return void finish();
    session.savePartial();
    go(to, [...trailRef.current, i], "fwd");
  };
  const prev = () => {
    const taken = trailRef.current;
    if (taken.length) go(taken[taken.length - 1], taken.slice(0, -1), "back");
  };

  const advanceSoon = (ms = ADVANCE_MS) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(next, ms);
  };

  /** Sets an answer; a single pick by tap or shortcut moves on by itself, as in Typeform. */
  const pick = (q: Visible, value: AnswerValue | undefined, advance: boolean, wait?: number) => {
    session.setAnswer(q.key, value);
    // On a group's screen the respondent moves on themselves: other questions may still be open.
    const alone = onPathOf(steps[indexRef.current], latest()).length === 1;
    if (advance && alone && controlOf(q.type).advancesOnPick && value !== undefined) advanceSoon(wait);
  };

  /** A shortcut key on the current question (its type's, see components/question-types); true when it was used. */
  const shortcut = (q: Visible, key: string): boolean =>
    controlOf(q.type).shortcut?.(q, key, {
      value: session.draftRef.current[q.key],
      pick: (value, advance, wait) => pick(q, value, advance, wait),
      lastDigit: lastDigit.current,
    }) ?? false;

  const onKey = (e: KeyboardEvent | React.KeyboardEvent) => {
    if (done || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || ("isComposing" in e && e.isComposing)) return;
    const t = e.target as HTMLElement;
    const type = t instanceof HTMLInputElement ? t.type : "";
    const texty = t.tagName === "TEXTAREA" || t.tagName === "SELECT" || (t.tagName === "INPUT" && !["radio", "checkbox"].includes(type));
    if (e.key === "Enter") {
      if (t.tagName === "BUTTON" || t.tagName === "A" || (t.tagName === "TEXTAREA" && e.shiftKey)) return;
      e.preventDefault();
      next();
      return;
    }
    if (texty || t.isContentEditable) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (type === "radio") return;
      e.preventDefault();
      if (e.key === "ArrowDown") next();
      else prev();
      return;
    }
    const shown = onPathOf(steps[indexRef.current], latest());
    // Letter and digit keys would be ambiguous on a group's screen: there only Tab and the controls' own keys work.
    if (shown.length === 1 && !e.shiftKey && shortcut(shown[0].q, e.key)) e.preventDefault();
  };
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;

  useEffect(() => {
    if (preview) return;
    // Page-wide, so the keys work before anything has focus.
    const listener = (e: KeyboardEvent) => onKeyRef.current(e);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, [preview]);

  if (done) return <ThankYou screen={done} preview={preview} onRestart={restart} theme={schema.theme} />;

  // Progress: the position within the current path (a jump moves it on; a question that shows up adds to it).
  const pathSteps = steps.flatMap((s, i) => (s.kind === "question" && isOnPath(s, live) ? [i] : []));
  const position = pathSteps.filter((i) => i < index).length;
  const pct = pathSteps.length ? Math.round((position / pathSteps.length) * 100) : 0;
  // This step ends the form when no step after it has a question on the path.
  const atEnd = nextOnPath(index, live) < 0;
  // Questions are numbered along the path.
  const numbers = new Map<string, number>();
  for (const i of pathSteps) {
    for (const x of onPathOf(steps[i], live)) if (x.q.type !== "statement") numbers.set(x.q.key, numbers.size + 1);
  }
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    next();
  };

  return (
    <div onKeyDown={preview ? (e) => onKey(e) : undefined}>
      {shell(
        <>
          <div className="fl-progress" role="progressbar" aria-label={t("progress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
            <span style={{ width: `${pct}%` }} />
          </div>
          <div className="fl-topbar-row">
            <Logo theme={schema.theme} />
            {steps[0]?.kind !== "welcome" || index > 0 ? (
              <h1 className="fl-topbar">{schema.title}</h1>
            ) : (
              // On the welcome step the title is its heading already (past it, the page keeps one <h1>).
              <p className="fl-topbar fl-topbar-quiet" aria-hidden="true">{schema.title}</p>
            )}
          </div>
          <div className="fl-steps">
            {steps.map((step, i) => (
              <section key={step.kind === "welcome" ? "welcome" : step.q.key} className={`fl-step${i === index ? ` fl-active fl-${dir}` : ""}`} hidden={i !== index}>
                {/* The cover opens the form: on its first screen. */}
                {i === 0 ? <Cover theme={schema.theme} /> : null}
                {step.kind === "welcome" ? (
                  <div className="fl-welcome">
                    <h1 className="fl-form-title" id={`${idPrefix}-welcome`} tabIndex={-1}>{schema.title}</h1>
                    <p className="fl-form-desc">{live.text(schema.description ?? "")}</p>
                    <div className="fl-step-actions fl-js">
                      <button type="button" className="fl-button" onClick={next}>{schema.theme?.labels?.start ?? t("start")}</button>
                      <span className="fl-enter-hint" aria-hidden="true">{t("press")} <kbd>{t("enterKey")}</kbd></span>
                    </div>
                  </div>
                ) : (
                  <>
                    {step.qs.map(({ q, conditional }) => {
                      const shown = onPathOf(step, live);
                      // A step off the path shows only when the builder's selection leads there: then all of it.
                      const on = live.onPath(q.key) || shown.length === 0;
                      const n = numbers.get(q.key);
                      const field = (
                        <QuestionField
                          question={shownQuestion(q, live.text, ready || !conditional)}
                          value={session.draft[q.key]}
                          error={on ? session.errors[q.key] : undefined}
                          onChange={(v, via: PickedVia) => pick(q, v, via === "pointer")}
                          idPrefix={idPrefix}
                          shortcuts={shown.length === 1 && on}
                          marker={n === undefined ? undefined : <>{n}<span className="fl-arrow">→</span></>}
                          recall={(item) => live.text(i18n.label(q.key, "options", item))}
                        />
                      );
                      return <Fragment key={q.key}>{conditional ? <div className="fl-cond" hidden={!on}>{field}</div> : field}</Fragment>;
                    })}
                    <div className={`fl-step-actions${i === last || (i === index && atEnd) ? "" : " fl-js"}`}>
                      {i === last || (i === index && atEnd) ? (
                        <button type="submit" className="fl-button" disabled={session.busy}>{session.busy ? t("submitting") : (schema.theme?.labels?.submit ?? t("submit"))}</button>
                      ) : (
                        <button type="button" className="fl-button" onClick={next}>{schema.theme?.labels?.next ?? (step.qs.length === 1 && step.q.type === "statement" ? t("continue") : t("ok"))}</button>
                      )}
                      <span className="fl-enter-hint fl-js" aria-hidden="true">{t("press")} <kbd>{t("enterKey")}</kbd></span>
                    </div>
                  </>
                )}
              </section>
            ))}
          </div>
          <p className="fl-banner" role="alert">{session.banner}</p>
          <div className="fl-nav fl-js" role="group" aria-label={t("navGroup")}>
            <button type="button" className="fl-nav-button" aria-label={t("previousQuestion")} onClick={prev} disabled={trail.length === 0}>↑</button>
            <button type="button" className="fl-nav-button" aria-label={t("nextQuestion")} onClick={next} disabled={atEnd}>↓</button>
          </div>
          <StartOver session={session} />
        </>,
        onSubmit,
        "fl-immersive",
      )}
    </div>
  );
}
