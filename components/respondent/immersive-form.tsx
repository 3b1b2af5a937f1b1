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
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ADVANCE_MS } from "@/components/question-types/shared/choice-group";
import { controlOf } from "@/components/question-types/respondent-controls";
import type { AnswerValue } from "@/lib/schema/answers";
import type { FormRendererProps } from "./form-renderer";
import { ThankYou } from "./form-renderer";
import { currentResponse } from "./public-api";
import { QuestionField, type PickedVia, type VisibleQuestion as Visible } from "./question-field";
import { hasStartedResponse, type useResponse } from "./use-response";
import { checkAnswers } from "./validate";

type Numbered = { q: Visible; n: number | null };
/** A screen: the welcome, or one question, or a group's questions (`qs.length > 1`). */
type Step = { kind: "welcome" } | { kind: "question"; q: Visible; qs: Numbered[] };

interface ImmersiveProps extends FormRendererProps {
  restart?: () => void;
  session: ReturnType<typeof useResponse>;
  idPrefix: string;
  shell: (children: ReactNode, onSubmit: (e: FormEvent<HTMLFormElement>) => void, className: string) => ReactNode;
}


function buildSteps(schema: FormRendererProps["schema"]): Step[] {
  const steps: Step[] = schema.description ? [{ kind: "welcome" }] : [];
  let n = 0;
  for (const q of schema.questions) {
    if (q.type === "hidden") continue;
    const item = { q, n: q.type === "statement" ? null : ++n };
    const prev = steps.at(-1);
    if (q.group && prev?.kind === "question" && prev.q.group === q.group) prev.qs.push(item);
    else steps.push({ kind: "question", q, qs: [item] });
  }
  return steps;
}

export function ImmersiveForm({ schema, preview, slug, session, idPrefix, shell, activeQuestionKey, hiddenValues, restart }: ImmersiveProps) {
  const steps = buildSteps(schema);
  const [index, setIndex] = useState(0);
  const [dir, setDir] = useState<"fwd" | "back">("fwd");
  const [done, setDone] = useState(false);
  const indexRef = useRef(0);
  const moved = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastDigit = useRef({ digit: "", at: 0 });
  const last = steps.length - 1;

  /** Shows step `to`; `focus: false` when the move is not the respondent's (the builder following its selection). */
  const go = (to: number, direction: "fwd" | "back" = to >= indexRef.current ? "fwd" : "back", focus = true) => {
    clearTimeout(timer.current);
    const clamped = Math.max(0, Math.min(last, to));
    indexRef.current = clamped;
    moved.current = focus;
    setDir(direction);
    setIndex(clamped);
  };

  // A reload resumes the respondent's unfinished response where they left off
  // (asked only when this browser started one: a first visit makes no request).
  useEffect(() => {
    if (preview || !slug || !hasStartedResponse(slug)) return;
    let live = true;
    void currentResponse(slug).then((found) => {
      if (!live || !found) return;
      session.resume(found.id, { ...found.metadata, ...found.answers, ...hiddenValues });
      let after = -1;
      steps.forEach((s, i) => {
        if (s.kind === "question" && s.qs.some((x) => found.answers[x.q.key] !== undefined)) after = i;
      });
      if (after >= 0 && indexRef.current === 0) go(Math.min(after + 1, last));
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on open
  }, [preview, slug]);

  useEffect(() => {
    if (!activeQuestionKey) return;
    const i = steps.findIndex((s) => s.kind === "question" && s.qs.some((x) => x.q.key === activeQuestionKey));
    // Never steal focus from the builder's editor.
    if (i >= 0) go(i, undefined, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follow the builder's selection only
  }, [activeQuestionKey]);

  // Focus follows the step (not on first load: that would open a phone's keyboard uninvited).
  useEffect(() => {
    if (!moved.current || done) return;
    const step = steps[index];
    const el =
      step?.kind === "question"
        ? document.getElementById(`${idPrefix}-${step.q.key}`)
        : document.getElementById(`${idPrefix}-welcome`);
    el?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, done]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const finish = async () => {
    const outcome = await session.submit();
    if (outcome.ok) return setDone(true);
    const bad = steps.findIndex((s) => s.kind === "question" && s.qs.some((x) => outcome.errors[x.q.key]));
    if (bad >= 0) go(bad);
  };

  const next = () => {
    const i = indexRef.current;
    const step = steps[i];
    if (step?.kind === "question") {
      const found = checkAnswers(step.qs.map((x) => x.q), session.draftRef.current);
      const bad = step.qs.find((x) => found[x.q.key]);
      if (bad) {
        session.setErrors((e) => ({ ...e, ...found }));
        document.getElementById(`${idPrefix}-${bad.q.key}`)?.focus({ preventScroll: true });
        return;
      }
    }
    if (i === last) return void finish();
    session.savePartial();
    go(i + 1, "fwd");
  };
  const prev = () => go(indexRef.current - 1, "back");

  const advanceSoon = (ms = ADVANCE_MS) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(next, ms);
  };

  /** Sets an answer; a single pick by tap or shortcut moves on by itself, as in Typeform. */
  const pick = (q: Visible, value: AnswerValue | undefined, advance: boolean, wait?: number) => {
    session.setAnswer(q.key, value);
    // On a group's screen the respondent moves on themselves: other questions may still be open.
    const alone = (steps[indexRef.current] as Extract<Step, { kind: "question" }> | undefined)?.qs?.length === 1;
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
    const step = steps[indexRef.current];
    // Letter and digit keys would be ambiguous on a group's screen: there only Tab and the controls' own keys work.
    if (step?.kind === "question" && step.qs.length === 1 && !e.shiftKey && shortcut(step.q, e.key)) e.preventDefault();
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

  if (done) return <ThankYou schema={schema} preview={preview} onRestart={restart} />;

  const questionSteps = steps.filter((s) => s.kind === "question").length;
  const position = steps.slice(0, index).filter((s) => s.kind === "question").length;
  const pct = questionSteps ? Math.round((position / questionSteps) * 100) : 0;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    next();
  };

  return (
    <div onKeyDown={preview ? (e) => onKey(e) : undefined}>
      {shell(
        <>
          <div className="fl-progress" role="progressbar" aria-label="Progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
            <span style={{ width: `${pct}%` }} />
          </div>
          {steps[0]?.kind !== "welcome" ? (
            <h1 className="fl-topbar">{schema.title}</h1>
          ) : (
            // On the welcome step the title is its heading already.
            <p className={`fl-topbar${index === 0 ? " fl-topbar-quiet" : ""}`} aria-hidden={index === 0 || undefined}>{schema.title}</p>
          )}
          <div className="fl-steps">
            {steps.map((step, i) => (
              <section key={step.kind === "welcome" ? "welcome" : step.q.key} className={`fl-step${i === index ? ` fl-active fl-${dir}` : ""}`} hidden={i !== index}>
                {step.kind === "welcome" ? (
                  <div className="fl-welcome">
                    <h1 className="fl-form-title" id={`${idPrefix}-welcome`} tabIndex={-1}>{schema.title}</h1>
                    <p className="fl-form-desc">{schema.description}</p>
                    <div className="fl-step-actions fl-js">
                      <button type="button" className="fl-button" onClick={next}>Start</button>
                      <span className="fl-enter-hint" aria-hidden="true">press <kbd>Enter ↵</kbd></span>
                    </div>
                  </div>
                ) : (
                  <>
                    {step.qs.map(({ q, n }) => (
                      <QuestionField
                        key={q.key}
                        question={q}
                        value={session.draft[q.key]}
                        error={session.errors[q.key]}
                        onChange={(v, via: PickedVia) => pick(q, v, via === "pointer")}
                        idPrefix={idPrefix}
                        shortcuts={step.qs.length === 1}
                        marker={n === null ? undefined : <>{n}<span className="fl-arrow">→</span></>}
                      />
                    ))}
                    <div className={`fl-step-actions${i === last ? "" : " fl-js"}`}>
                      {i === last ? (
                        <button type="submit" className="fl-button" disabled={session.busy}>{session.busy ? "Submitting…" : "Submit"}</button>
                      ) : (
                        <button type="button" className="fl-button" onClick={next}>{step.qs.length === 1 && step.q.type === "statement" ? "Continue" : "OK"}</button>
                      )}
                      <span className="fl-enter-hint fl-js" aria-hidden="true">press <kbd>Enter ↵</kbd></span>
                    </div>
                  </>
                )}
              </section>
            ))}
          </div>
          <p className="fl-banner" role="alert">{session.banner}</p>
          <div className="fl-nav fl-js" role="group" aria-label="Move between questions">
            <button type="button" className="fl-nav-button" aria-label="Previous question" onClick={prev} disabled={index === 0}>↑</button>
            <button type="button" className="fl-nav-button" aria-label="Next question" onClick={next} disabled={index === last}>↓</button>
          </div>
        </>,
        onSubmit,
        "fl-immersive",
      )}
    </div>
  );
}
