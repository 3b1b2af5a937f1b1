"use client";
/**
 * One question's control: native inputs only (radios, checkboxes, select,
 * typed inputs), so keyboards, screen readers and phones get their built-in
 * behaviour, and every input carries `name` so the same markup posts as a
 * plain HTML form when JavaScript is off (see lib/public/form-post.ts).
 */
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { AnswerValue } from "@/lib/schema/answers";
import type { Question, QuestionOf } from "@/lib/schema/form-schema";

/** How a value was picked: a pointer tap may move an immersive form on; arrow keys never do. */
export type PickedVia = "pointer" | "key" | "input";

/** A question the respondent sees (hidden ones carry URL metadata and are never shown). */
export type VisibleQuestion = Exclude<Question, { type: "hidden" }>;

export interface QuestionFieldProps {
  question: VisibleQuestion;
  value: AnswerValue | undefined;
  error?: string;
  onChange: (value: AnswerValue | undefined, via: PickedVia) => void;
  /** Prefix of element ids, unique per rendered form. */
  idPrefix: string;
  /** Show the A/B/C and Y/N key hints of immersive mode. */
  shortcuts?: boolean;
  /** Shown before the title, e.g. the question's number. */
  marker?: ReactNode;
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const optionLetter = (i: number) => LETTERS[i] ?? "";

type Ids = { input: string; desc: string; err: string };

function describedBy(q: VisibleQuestion, ids: Ids, extra?: string) {
  return [q.description ? ids.desc : "", extra ?? "", ids.err].filter(Boolean).join(" ");
}

function Title({ q, marker }: { q: VisibleQuestion; marker?: ReactNode }) {
  return (
    <>
      {marker ? <span className="fl-marker" aria-hidden="true">{marker}</span> : null}
      <span className="fl-title-text">{q.title}</span>
      {"required" in q && q.required ? (
        <span className="fl-required">
          <span aria-hidden="true"> *</span>
          <span className="fl-sr"> (required)</span>
        </span>
      ) : null}
    </>
  );
}

function Description({ q, id }: { q: VisibleQuestion; id: string }) {
  return q.description ? <p id={id} className="fl-desc">{q.description}</p> : null;
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  // Always present (empty when fine) so screen readers announce a new message.
  return (
    <p id={id} className="fl-error" aria-live="polite">
      {error ?? ""}
    </p>
  );
}

export function QuestionField(props: QuestionFieldProps) {
  const { question: q, idPrefix, error, marker } = props;
  const ids: Ids = { input: `${idPrefix}-${q.key}`, desc: `${idPrefix}-${q.key}-desc`, err: `${idPrefix}-${q.key}-err` };
  if (q.type === "statement") {
    return (
      <div className="fl-q fl-statement" id={ids.input} tabIndex={-1}>
        <p className="fl-title"><Title q={q} marker={marker} /></p>
        <Description q={q} id={ids.desc} />
      </div>
    );
  }
  const group = ["single-choice", "multiple-choice", "rating", "nps", "yes-no"].includes(q.type);
  if (group) {
    return (
      <fieldset className="fl-q" id={ids.input} tabIndex={-1} aria-describedby={describedBy(q, ids, hasScaleLabels(q) ? `${ids.input}-scale` : undefined)} aria-invalid={error ? true : undefined}>
        <legend className="fl-title"><Title q={q} marker={marker} /></legend>
        <Description q={q} id={ids.desc} />
        <GroupControl {...props} />
        <ErrorText id={ids.err} error={error} />
      </fieldset>
    );
  }
  return (
    <div className="fl-q">
      <label className="fl-title" htmlFor={ids.input}><Title q={q} marker={marker} /></label>
      <Description q={q} id={ids.desc} />
      <InputControl {...props} ids={ids} />
      {q.type === "long-text" && props.shortcuts ? (
        <p className="fl-hint fl-keyhint" aria-hidden="true"><kbd>Shift</kbd> + <kbd>Enter</kbd> for a new line</p>
      ) : null}
      <ErrorText id={ids.err} error={error} />
    </div>
  );
}

function InputControl({ question: q, value, error, onChange, ids }: QuestionFieldProps & { ids: Ids }) {
  const common = {
    id: ids.input,
    name: q.key,
    "aria-describedby": describedBy(q, ids),
    "aria-invalid": error ? true : undefined,
    "aria-required": "required" in q && q.required ? true : undefined,
    className: "fl-input",
  } as const;
  const text = typeof value === "string" ? value : "";
  const set = (v: string) => onChange(v === "" ? undefined : v, "input");
  switch (q.type) {
    case "long-text":
      return <textarea {...common} rows={4} maxLength={q.maxLength} placeholder={q.placeholder} value={text} onChange={(e) => set(e.target.value)} />;
    case "dropdown":
      return (
        <select {...common} value={text} onChange={(e) => set(e.target.value)}>
          <option value="">{q.placeholder ?? "Select an option"}</option>
          {q.options.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      );
    case "number":
      return <NumberInput {...common} q={q} value={value} onChange={onChange} />;
    case "date":
      return <input {...common} type="date" min={q.min} max={q.max} value={text} onChange={(e) => set(e.target.value)} />;
    default: {
      const kind = {
        "short-text": { type: "text", autoComplete: "off", inputMode: undefined },
        email: { type: "email", autoComplete: "email", inputMode: "email" },
        url: { type: "url", autoComplete: "url", inputMode: "url" },
        phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
      }[q.type as "short-text" | "email" | "url" | "phone"];
      const maxLength = q.type === "short-text" ? q.maxLength : undefined;
      const placeholder = "placeholder" in q ? q.placeholder : undefined;
      return <input {...common} {...(kind as object)} maxLength={maxLength} placeholder={placeholder} value={text} onChange={(e) => set(e.target.value)} />;
    }
  }
}

/** Keeps the typed text (e.g. "-" or "1.") while the answer is the number it denotes. */
function NumberInput({ q, value, onChange, ...rest }: { q: QuestionOf<"number">; value: AnswerValue | undefined; onChange: QuestionFieldProps["onChange"] } & Record<string, unknown>) {
  const [raw, setRaw] = useState(value === undefined ? "" : String(value));
  const parsed = raw.trim() === "" || Number.isNaN(Number(raw)) ? undefined : Number(raw);
  useEffect(() => {
    // An answer set from outside (a resumed response) replaces the text.
    if (value !== parsed) setRaw(value === undefined ? "" : String(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only outside changes matter
  }, [value]);
  return (
    <input
      {...rest}
      type="number"
      inputMode="decimal"
      step="any"
      min={q.min}
      max={q.max}
      placeholder={q.placeholder}
      value={raw}
      onChange={(e) => {
        setRaw(e.target.value);
        const n = e.target.value === "" ? undefined : Number(e.target.value);
        onChange(n === undefined || Number.isNaN(n) ? undefined : n, "input");
      }}
    />
  );
}

interface Choice {
  value: string;
  answer: AnswerValue;
  label: ReactNode;
  key?: string;
  className?: string;
}

function choicesOf(q: QuestionFieldProps["question"], value: AnswerValue | undefined): { choices: Choice[]; multiple: boolean; layout: string } {
  switch (q.type) {
    case "single-choice":
    case "multiple-choice":
      return {
        choices: q.options.map((o, i) => ({ value: o, answer: o, label: o, key: optionLetter(i) })),
        multiple: q.type === "multiple-choice",
        layout: "fl-list",
      };
    case "yes-no":
      return {
        choices: [
          { value: "yes", answer: true, label: "Yes", key: "Y" },
          { value: "no", answer: false, label: "No", key: "N" },
        ],
        multiple: false,
        layout: "fl-list fl-yesno",
      };
    case "nps":
    case "rating": {
      const min = q.type === "nps" ? 0 : q.scaleMin;
      const max = q.type === "nps" ? 10 : q.scaleMax;
      const stars = q.type === "rating" && q.style === "stars";
      const picked = typeof value === "number" ? value : -1;
      const choices: Choice[] = [];
      for (let n = min; n <= max; n++) {
        choices.push({
          value: String(n),
          answer: n,
          label: stars ? (
            <>
              <span aria-hidden="true">★</span>
              <span className="fl-sr">{n === 1 ? "1 star" : `${n} stars`}</span>
            </>
          ) : String(n),
          className: stars && n <= picked && n > 0 ? "fl-star fl-on" : stars ? "fl-star" : undefined,
        });
      }
      return { choices, multiple: false, layout: stars ? "fl-scale fl-stars" : "fl-scale" };
    }
    default:
      return { choices: [], multiple: false, layout: "" };
  }
}

const hasScaleLabels = (q: Question) => q.type === "nps" || (q.type === "rating" && Boolean(q.minLabel || q.maxLabel));

function GroupControl({ question: q, value, onChange, shortcuts, idPrefix }: QuestionFieldProps) {
  const pointerAt = useRef(0);
  const { choices, multiple, layout } = choicesOf(q, value);
  const picked = Array.isArray(value) ? value : [];
  const via = (): PickedVia => (Date.now() - pointerAt.current < 1000 ? "pointer" : "key");
  const scale = q.type === "rating" || q.type === "nps";
  const minLabel = scale ? q.minLabel ?? (q.type === "nps" ? "Not likely" : undefined) : undefined;
  const maxLabel = scale ? q.maxLabel ?? (q.type === "nps" ? "Very likely" : undefined) : undefined;
  return (
    <>
      <div className={`fl-choices ${layout}`} onPointerDown={() => (pointerAt.current = Date.now())}>
        {choices.map((c) => {
          const checked = multiple ? picked.includes(c.value) : value === c.answer;
          return (
            <label key={c.value} className={`fl-choice ${c.className ?? ""}`}>
              <input
                className="fl-sr"
                type={multiple ? "checkbox" : "radio"}
                name={q.key}
                value={c.value}
                checked={checked}
                onChange={(e) => {
                  if (!multiple) return onChange(c.answer, via());
                  const next = e.target.checked ? [...picked, c.value] : picked.filter((p) => p !== c.value);
                  onChange(next.length ? next : undefined, via());
                }}
              />
              <span className="fl-choice-box">
                {shortcuts && c.key ? <kbd className="fl-key" aria-hidden="true">{c.key}</kbd> : null}
                <span className="fl-choice-label">{c.label}</span>
              </span>
            </label>
          );
        })}
      </div>
      {minLabel || maxLabel ? (
        <p className="fl-scale-labels" id={`${idPrefix}-${q.key}-scale`}>
          <span>{minLabel ? `${q.type === "nps" ? 0 : (q as QuestionOf<"rating">).scaleMin}: ${minLabel}` : ""}</span>
          <span>{maxLabel ? `${q.type === "nps" ? 10 : (q as QuestionOf<"rating">).scaleMax}: ${maxLabel}` : ""}</span>
        </p>
      ) : null}
      {multiple && q.type === "multiple-choice" && (q.minSelections || q.maxSelections) ? (
        <p className="fl-hint">
          {q.minSelections && q.maxSelections
            ? `Pick ${q.minSelections} to ${q.maxSelections}`
            : q.minSelections
              ? `Pick at least ${q.minSelections}`
              : `Pick up to ${q.maxSelections}`}
        </p>
      ) : null}
    </>
  );
}
