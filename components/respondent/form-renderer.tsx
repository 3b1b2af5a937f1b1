"use client";
/**
 * The respondent's form, in either mode. Server-rendered in full (every
 * question is in the HTML) and posting as a plain HTML form when JavaScript
 * is off; with JavaScript it validates with the server's schema and talks to
 * the public API. With `preview` it never touches the network (the builder's
 * live preview).
 */
import { Fragment, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { HONEYPOT_FIELD, START_TOKEN_FIELD } from "@/lib/public/form-fields";
import type { FormSchema } from "@/lib/schema/form-schema";
import { ImmersiveForm } from "./immersive-form";
import { recordView } from "./public-api";
import { QuestionField, type VisibleQuestion } from "./question-field";
import { useResponse } from "./use-response";
import type { Draft, FieldErrors } from "./validate";
import "./respondent.css";

export interface FormRendererProps {
  /** The (published or draft) schema to render; `mode` picks immersive or classic. */
  schema: Pick<FormSchema, "title" | "questions"> & Partial<Pick<FormSchema, "description" | "mode" | "thankYouMessage">>;
  /** The builder's live preview: no network, no submission; the form stays inside its container. */
  preview?: boolean;
  /** Preview only: show this question (immersive mode jumps to its step). */
  activeQuestionKey?: string;
  /** The form's public slug (required unless `preview`). */
  slug?: string;
  /** Signed start time (lib/public/spam.ts issueStartToken), sent back when the response is created and finished. */
  startToken?: string;
  /** Values of hidden questions, taken from the page URL's query parameters. */
  hiddenValues?: Record<string, string>;
  /** Answers and messages to show on load (after a no-JavaScript post failed validation). */
  initialAnswers?: Draft;
  initialErrors?: FieldErrors;
  /** A message for the whole form shown on load (e.g. "too many submissions"). */
  initialBanner?: string;
  /** Where the form posts without JavaScript (app/s/[slug]/submit). */
  action?: string;
}

export function FormRenderer(props: FormRendererProps) {
  // In preview, "Start again" on the thank-you screen remounts a fresh form.
  const [round, setRound] = useState(0);
  return <FormBody key={round} {...props} restart={props.preview ? () => setRound((r) => r + 1) : undefined} />;
}

function FormBody(props: FormRendererProps & { restart?: () => void }) {
  const { schema, preview, slug } = props;
  const idPrefix = `fl${useId().replace(/[^A-Za-z0-9]/g, "")}`;
  const honeypot = useRef<HTMLInputElement>(null);
  const session = useResponse({
    questions: schema.questions,
    slug,
    preview,
    startToken: props.startToken,
    initialAnswers: { ...props.initialAnswers, ...props.hiddenValues },
    initialErrors: props.initialErrors,
    initialBanner: props.initialBanner,
    honeypot: () => honeypot.current?.value ?? "",
  });
  const [done, setDone] = useState(false);
  // Marks the form interactive (hydrated): tests and styles can tell server HTML from the live form.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    // One view per person per form (the endpoint dedupes); it also sets the respondent cookie.
    if (!preview && slug) void recordView(slug);
  }, [preview, slug]);

  const shell = (children: ReactNode, onSubmit: (e: FormEvent<HTMLFormElement>) => void, className: string) => (
    <form
      className={`fl-r ${className}${preview ? " fl-preview" : ""}`}
      method="post"
      action={preview ? undefined : props.action}
      noValidate
      onSubmit={onSubmit}
      aria-label={schema.title}
      data-ready={ready ? "" : undefined}
    >
      {props.startToken ? <input type="hidden" name={START_TOKEN_FIELD} value={props.startToken} /> : null}
      {schema.questions.map((q) =>
        q.type === "hidden" && props.hiddenValues?.[q.key] !== undefined ? (
          <input key={q.key} type="hidden" name={q.key} value={props.hiddenValues[q.key]} />
        ) : null,
      )}
      {/* Bots fill every field; people never see or reach this one. */}
      <div className="fl-hp" aria-hidden="true">
        <label>
          Leave this field empty
          <input ref={honeypot} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {children}
    </form>
  );

  // Immersive needs a step to show; a form of hidden questions only is one Submit button.
  if (schema.mode === "immersive" && schema.questions.some((q) => q.type !== "hidden")) {
    return <ImmersiveForm {...props} session={session} idPrefix={idPrefix} shell={shell} />;
  }

  if (done) return <ThankYou schema={schema} preview={preview} onRestart={props.restart} />;

  const visible = schema.questions.filter((q): q is VisibleQuestion => q.type !== "hidden");
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const outcome = await session.submit();
    if (outcome.ok) return setDone(true);
    const first = visible.find((q) => outcome.errors[q.key]);
    if (first) focusQuestion(idPrefix, first.key);
  };
  let number = 0;
  return shell(
    <div className="fl-page">
      <header className="fl-head">
        <h1 className="fl-form-title">{schema.title}</h1>
        {schema.description ? <p className="fl-form-desc">{schema.description}</p> : null}
      </header>
      {visible.map((q, i) => (
        <Fragment key={q.key}>
          {/* A question group (one screen in immersive mode) is set apart here by a rule. */}
          {i > 0 && q.group !== visible[i - 1].group ? <hr className="fl-group-break" /> : null}
          <QuestionField
            question={q}
            value={session.draft[q.key]}
            error={session.errors[q.key]}
            onChange={(v) => session.setAnswer(q.key, v)}
            idPrefix={idPrefix}
            marker={q.type === "statement" ? undefined : `${++number}.`}
          />
        </Fragment>
      ))}
      <p className="fl-banner" role="alert">{session.banner}</p>
      <div className="fl-actions">
        <button type="submit" className="fl-button" disabled={session.busy}>
          {session.busy ? "Submitting…" : "Submit"}
        </button>
      </div>
    </div>,
    onSubmit,
    "fl-classic",
  );
}

/** Moves focus to a question's control (its first input, or the group). */
export function focusQuestion(idPrefix: string, key: string) {
  const el = document.getElementById(`${idPrefix}-${key}`);
  if (!el) return;
  const target = el.tagName === "FIELDSET" ? el.querySelector<HTMLInputElement>("input:checked, input") ?? el : el;
  target.focus();
  el.scrollIntoView?.({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
}

export function ThankYou({ schema, preview, onRestart }: { schema: FormRendererProps["schema"]; preview?: boolean; onRestart?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={`fl-r fl-thanks${preview ? " fl-preview" : ""}`}>
      <div className="fl-thanks-card">
        <p className="fl-thanks-mark" aria-hidden="true">✓</p>
        <h1 ref={heading} tabIndex={-1}>{schema.thankYouMessage ? "Thank you!" : "Thanks for your response!"}</h1>
        {schema.thankYouMessage ? <p className="fl-thanks-text">{schema.thankYouMessage}</p> : <p className="fl-thanks-text">It has been recorded.</p>}
        {onRestart ? <button type="button" className="fl-button" onClick={onRestart}>Start again</button> : null}
      </div>
    </div>
  );
}
