"use client";
/**
 * Radios or checkboxes styled as choice cards (single/multiple choice, yes/no,
 * rating, NPS, opinion scale). Native inputs with `name`, so keyboards,
 * screen readers and the no-JavaScript post get their built-in behaviour.
 */
import { useRef, type ReactNode } from "react";
import type { AnswerValue } from "@/lib/schema/answers";
import type { PickedVia, QuestionFieldProps } from "../types";
import { GroupFrame } from "./frame";

export interface Choice {
  value: string;
  answer: AnswerValue;
  label: ReactNode;
  key?: string;
  className?: string;
  /** Overrides for a choice whose state is not the answer itself ("Other"). */
  checked?: boolean;
  onToggle?: (checked: boolean, via: PickedVia) => void;
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const optionLetter = (i: number) => LETTERS[i] ?? "";
/** The item an immersive shortcut key names: its letter (as shown) or a digit 1–9, in the order shown. */
export const itemAtKey = <T,>(items: readonly T[], key: string): T | undefined =>
  key.length === 1 ? items[/^[1-9]$/.test(key) ? Number(key) - 1 : LETTERS.indexOf(key.toUpperCase())] : undefined;

export function ChoiceGroup({ props, choices, multiple, layout }: { props: QuestionFieldProps; choices: Choice[]; multiple: boolean; layout: string }) {
  const { question: q, value, onChange, shortcuts, recall } = props;
  const pointerAt = useRef(0);
  const picked = Array.isArray(value) ? value : [];
  const via = (): PickedVia => (Date.now() - pointerAt.current < 1000 ? "pointer" : "key");
  return (
    <div className={`fl-choices ${layout}`} onPointerDown={() => (pointerAt.current = Date.now())}>
      {choices.map((c) => {
        const checked = c.checked ?? (multiple ? picked.includes(c.value) : value === c.answer);
        return (
          <label key={c.value} className={`fl-choice ${c.className ?? ""}`}>
            <input
              className="fl-sr"
              type={multiple ? "checkbox" : "radio"}
              name={q.key}
              value={c.value}
              checked={checked}
              onChange={(e) => {
                if (c.onToggle) return c.onToggle(e.target.checked, via());
                if (!multiple) return onChange(c.answer, via());
                const next = e.target.checked ? [...picked, c.value] : picked.filter((p) => p !== c.value);
                onChange(next.length ? next : undefined, via());
              }}
            />
            <span className="fl-choice-box">
              {shortcuts && c.key ? <kbd className="fl-key" aria-hidden="true">{c.key}</kbd> : null}
              <span className="fl-choice-label">{recall && typeof c.label === "string" ? recall(c.label) : c.label}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}

/** A numbered scale (rating, NPS, opinion scale): one radio per value, labels at the ends. */
export function ScaleField({ props, min, max, stars = false, minLabel, maxLabel }: { props: QuestionFieldProps; min: number; max: number; stars?: boolean; minLabel?: string; maxLabel?: string }) {
  const { question: q, idPrefix, value } = props;
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
  const labelsId = `${idPrefix}-${q.key}-scale`;
  const labelled = Boolean(minLabel || maxLabel);
  return (
    <GroupFrame props={props} extraDescribedBy={labelled ? labelsId : undefined}>
      <ChoiceGroup props={props} choices={choices} multiple={false} layout={stars ? "fl-scale fl-stars" : "fl-scale"} />
      {labelled ? (
        <p className="fl-scale-labels" id={labelsId}>
          <span>{minLabel ? `${min}: ${minLabel}` : ""}</span>
          <span>{maxLabel ? `${max}: ${maxLabel}` : ""}</span>
        </p>
      ) : null}
    </GroupFrame>
  );
}

/** Digits pick a scale value ("1" then "0" quickly gives 10); shared by rating, NPS and opinion scale. */
export const TEN_WINDOW_MS = 700;
export const ADVANCE_MS = 350;
export function scaleShortcut(min: number, max: number, key: string, ctx: { pick: (v: number, advance: boolean, wait?: number) => void; lastDigit: { digit: string; at: number } }): boolean {
  if (!/^[0-9]$/.test(key)) return false;
  const now = Date.now();
  const ten = key === "0" && ctx.lastDigit.digit === "1" && now - ctx.lastDigit.at < TEN_WINDOW_MS && max >= 10;
  const value = ten ? 10 : Number(key);
  ctx.lastDigit.digit = key;
  ctx.lastDigit.at = now;
  if (value < min || value > max) return true;
  // "1" may become "10": wait a little longer before moving on.
  ctx.pick(value, true, key === "1" && max >= 10 ? TEN_WINDOW_MS + 50 : ADVANCE_MS);
  return true;
}

