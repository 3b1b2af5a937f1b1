"use client";
/**
 * The respondent's form, in either mode. Server-rendered in full (every
 * question is in the HTML) and posting as a plain HTML form when JavaScript
 * is off; with JavaScript it validates with the server's schema and talks to
 * the public API. With `preview` it never touches the network (the builder's
 * live preview).
 *
 * Logic (showIf, jumps, endings, scores, recall) is the engine's
 * (lib/logic): classic mode shows the questions on the path as answers
 * change; a question logic may leave off the path sits in a `.fl-cond` box,
 * hidden while off the path and shown by the page's <noscript> style, so
 * without JavaScript every question shows and the server applies the logic.
 */
import { Fragment, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { livePath, mayLeavePath } from "@/lib/logic/respondent";
import { controlOf } from "@/components/question-types/respondent-controls";
import { RespondentEnvContext, useUploadTracker } from "@/components/question-types/shared/respondent-env";
import { HONEYPOT_FIELD, LANGUAGE_FIELD, START_TOKEN_FIELD } from "@/lib/public/form-fields";
import type { FormSchema } from "@/lib/schema/form-schema";
import { buttonLabel, themeStyle, type Theme } from "@/lib/theme/style";
import { Cover, Logo } from "./brand";
import { embedded, notifyHost } from "./embed-bridge";
import { I18nProvider, useI18n, type PageI18n } from "./i18n";
import { ImmersiveForm } from "./immersive-form";
import { reachedScreen, shownQuestion, type EndingScreen } from "./logic";
import { recordView } from "./public-api";
import { QuestionField, type VisibleQuestion } from "./question-field";
import { useResponse } from "./use-response";
import type { Draft, FieldErrors } from "./validate";
import "./respondent.css";

export interface FormRendererProps {
  /** The (published or draft) schema to render; `mode` picks immersive or classic. */
  schema: Pick<FormSchema, "title" | "questions"> & Partial<Pick<FormSchema, "description" | "mode" | "thankYouMessage" | "endings" | "theme">>;
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
  /** The page's language: its messages, and the translated labels of options (the schema is already in that language). */
  i18n: PageI18n;
}

export function FormRenderer(props: FormRendererProps) {
  // In preview, "Start again" on the thank-you screen remounts a fresh form.
  const [round, setRound] = useState(0);
  return (
    <I18nProvider value={props.i18n}>
      <FormBody key={round} {...props} restart={props.preview ? () => setRound((r) => r + 1) : undefined} />
    </I18nProvider>
  );
}

function FormBody(props: FormRendererProps & { restart?: () => void }) {
  const { schema, preview, slug } = props;
  const idPrefix = `fl${useId().replace(/[^A-Za-z0-9]/g, "")}`;
  const honeypot = useRef<HTMLInputElement>(null);
  const i18n = useI18n();
  const { t } = i18n;
  const session = useResponse({
    t,
    language: props.i18n.language,
    questions: schema.questions,
    endings: schema.endings,
    slug,
    preview,
    startToken: props.startToken,
    initialAnswers: { ...props.initialAnswers, ...props.hiddenValues },
    initialErrors: props.initialErrors,
    initialBanner: props.initialBanner,
    honeypot: () => honeypot.current?.value ?? "",
  });
  // Uploading controls (files, signatures) need the slug, and hold the form back until their uploads finish.
  const uploads = useUploadTracker(slug, preview, t("waitForUpload"));
  // Files travel in the no-JavaScript post only as multipart.
  const multipart = schema.questions.some((q) => controlOf(q.type).postsFiles);
  const [done, setDone] = useState<EndingScreen | null>(null);
  // Marks the form interactive (hydrated): tests and styles can tell server HTML from the live form.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // The path over the answers so far (the same on the server's render and the first browser render: same answers).
  const live = useMemo(() => livePath(schema, session.draft), [schema, session.draft]);
  const mayLeave = useMemo(() => mayLeavePath(schema), [schema]);

  useEffect(() => {
    // One view per person per form (the endpoint dedupes); it also sets the respondent cookie.
    if (!preview && slug) void recordView(slug);
  }, [preview, slug]);

  const shell = (children: ReactNode, onSubmit: (e: FormEvent<HTMLFormElement>) => void, className: string) => (
    <form
      className={`fl-r ${className}${preview ? " fl-preview" : ""}`}
      style={themeStyle(schema.theme)}
      method="post"
      action={preview ? undefined : props.action}
      encType={multipart ? "multipart/form-data" : undefined}
      noValidate
      onSubmit={onSubmit}
      aria-label={schema.title}
      data-ready={ready ? "" : undefined}
      lang={i18n.language}
      dir={i18n.dir}
    >
      {props.startToken ? <input type="hidden" name={START_TOKEN_FIELD} value={props.startToken} /> : null}
      <input type="hidden" name={LANGUAGE_FIELD} value={i18n.language} />
      {schema.questions.map((q) =>
        q.type === "hidden" && props.hiddenValues?.[q.key] !== undefined ? (
          <input key={q.key} type="hidden" name={q.key} value={props.hiddenValues[q.key]} />
        ) : null,
      )}
      {/* Bots fill every field; people never see or reach this one. */}
      <div className="fl-hp" aria-hidden="true">
        <label>
          {t("honeypot")}
          <input ref={honeypot} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <RespondentEnvContext.Provider value={uploads.env}>{children}</RespondentEnvContext.Provider>
    </form>
  );

  // Immersive needs a step to show; a form of hidden questions only is one Submit button.
  if (schema.mode === "immersive" && schema.questions.some((q) => q.type !== "hidden")) {
    return <ImmersiveForm {...props} session={session} idPrefix={idPrefix} shell={shell} live={live} mayLeave={mayLeave} ready={ready} pendingUploads={uploads.pending} flushUploads={uploads.flush} />;
  }

  if (done) return <ThankYou screen={done} preview={preview} onRestart={props.restart} theme={schema.theme} />;
  const optionLabels = (key: string) => (item: string) => live.text(i18n.label(key, "options", item));

  const visible = schema.questions.flatMap((q, i) => (q.type === "hidden" ? [] : [{ q: q as VisibleQuestion, conditional: mayLeave[i] }]));
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // Work a control holds unsaved (a drawn signature) is uploaded first; a failure stops here.
    const keys = visible.map(({ q }) => q.key);
    const uploading = { ...(await uploads.flush(keys)), ...uploads.pending(keys) };
    if (Object.keys(uploading).length) {
      session.setErrors((errs) => ({ ...errs, ...uploading }));
      return focusQuestion(idPrefix, Object.keys(uploading)[0]);
    }
    const outcome = await session.submit();
    if (outcome.ok) return setDone(reachedScreen(schema, outcome.reached, t));
    const first = visible.find(({ q }) => outcome.errors[q.key]);
    if (first) focusQuestion(idPrefix, first.q.key);
  };
  // Numbers count the questions on the path, so they stay 1, 2, 3… as questions show and hide.
  let number = 0;
  return shell(
    <div className="fl-page">
      <Cover theme={schema.theme} />
      <header className="fl-head">
        <Logo theme={schema.theme} />
        <h1 className="fl-form-title">{schema.title}</h1>
        {schema.description ? <p className="fl-form-desc">{live.text(schema.description)}</p> : null}
      </header>
      {visible.map(({ q, conditional }, i) => {
        const on = live.onPath(q.key);
        const field = (
          <QuestionField
            question={shownQuestion(q, live.text, ready || !conditional)}
            value={session.draft[q.key]}
            error={on ? session.errors[q.key] : undefined}
            onChange={(v) => session.setAnswer(q.key, v)}
            idPrefix={idPrefix}
            marker={q.type === "statement" || !on ? undefined : `${++number}.`}
            recall={optionLabels(q.key)}
          />
        );
        return (
          <Fragment key={q.key}>
            {/* A question group (one screen in immersive mode) is set apart here by a rule. */}
            {i > 0 && q.group !== visible[i - 1].q.group ? <hr className="fl-group-break" /> : null}
            {conditional ? <div className="fl-cond" hidden={!on}>{field}</div> : field}
          </Fragment>
        );
      })}
      <p className="fl-banner" role="alert">{session.banner}</p>
      <div className="fl-actions">
        <button type="submit" className="fl-button" disabled={session.busy}>
          {session.busy ? t("submitting") : (schema.theme?.labels?.submit ?? t("submit"))}
        </button>
        <StartOver session={session} />
      </div>
    </div>,
    onSubmit,
    "fl-classic",
  );
}

/** "Start over", once there is something to start over from (see useResponse). */
export function StartOver({ session }: { session: ReturnType<typeof useResponse> }) {
  const { t } = useI18n();
  return session.started ? <button type="button" className="fl-link-button" onClick={session.startOver}>{t("startOver")}</button> : null;
}

/** Moves focus to a question's control (its first input, or the group). */
export function focusQuestion(idPrefix: string, key: string) {
  const el = document.getElementById(`${idPrefix}-${key}`);
  if (!el) return;
  const target = el.tagName === "FIELDSET" ? el.querySelector<HTMLInputElement>("input:checked, input") ?? el : el;
  target.focus();
  el.scrollIntoView?.({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
}

/**
 * The ending reached (see ./logic.ts endingScreen): its title and message as
 * text. An ending with a redirectUrl sends the respondent on at once (a plain
 * navigation; the link stays for when that is blocked); the builder's preview
 * only says where. In a frame the redirect is for the whole tab, never the
 * frame (the other site would mostly refuse to be framed): inside embed.js
 * the host page is asked (it navigates unless its formloom:redirect listener
 * cancels), in any other frame only the link (target _top) does it, on a click.
 */
export function ThankYou({ screen, preview, onRestart, theme }: { screen: EndingScreen; preview?: boolean; onRestart?: () => void; theme?: Theme }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t, language, dir } = useI18n();
  useEffect(() => heading.current?.focus(), []);
  const redirect = screen.redirectUrl;
  useEffect(() => {
    if (!redirect || preview) return;
    if (embedded()) notifyHost({ type: "formloom:redirect", url: redirect });
    else if (window.top === window) window.location.assign(redirect);
  }, [redirect, preview]);
  return (
    <div className={`fl-r fl-thanks${preview ? " fl-preview" : ""}`} style={themeStyle(theme)} data-ending={screen.key ?? ""} lang={language} dir={dir}>
      <div className="fl-thanks-card">
        <Logo theme={theme} />
        <p className="fl-thanks-mark" aria-hidden="true">✓</p>
        <h1 ref={heading} tabIndex={-1}>{screen.title}</h1>
        {screen.message ? <p className="fl-thanks-text">{screen.message}</p> : null}
        {redirect ? (
          <p className="fl-thanks-text">
            {preview ? <>Respondents are sent on to <span className="fl-url">{redirect}</span></> : <a href={redirect} target="_top" rel="noopener noreferrer">{t("continue")}</a>}
          </p>
        ) : null}
        {onRestart ? <button type="button" className="fl-button" onClick={onRestart}>Start again</button> : null}
      </div>
    </div>
  );
}
