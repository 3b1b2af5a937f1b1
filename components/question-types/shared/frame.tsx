/**
 * The chrome every question shares: title with its marker and required sign,
 * description, error text, and the two frames (a fieldset for groups of
 * radios/checkboxes, a label for one input).
 */
import { useI18n } from "@/components/respondent/i18n";
import type { ReactNode } from "react";
import type { QuestionFieldProps, VisibleQuestion } from "../types";

export type Ids = { input: string; desc: string; err: string };

export const idsOf = (q: VisibleQuestion, idPrefix: string): Ids => ({
  input: `${idPrefix}-${q.key}`,
  desc: `${idPrefix}-${q.key}-desc`,
  err: `${idPrefix}-${q.key}-err`,
});

export function describedBy(q: VisibleQuestion, ids: Ids, extra?: string) {
  return [q.description ? ids.desc : "", extra ?? "", ids.err].filter(Boolean).join(" ");
}

export function Title({ q, marker }: { q: VisibleQuestion; marker?: ReactNode }) {
  const { t } = useI18n();
  return (
    <>
      {marker ? <span className="fl-marker" aria-hidden="true">{marker}</span> : null}
      <span className="fl-title-text">{q.title}</span>
      {"required" in q && q.required ? (
        <span className="fl-required">
          <span aria-hidden="true"> *</span>
          <span className="fl-sr"> {t("required")}</span>
        </span>
      ) : null}
    </>
  );
}

export function Description({ q, id }: { q: VisibleQuestion; id: string }) {
  return q.description ? <p id={id} className="fl-desc">{q.description}</p> : null;
}

export function ErrorText({ id, error }: { id: string; error?: string }) {
  // Always present (empty when fine) so screen readers announce a new message.
  return (
    <p id={id} className="fl-error" aria-live="polite">
      {error ?? ""}
    </p>
  );
}

/** A group of radios or checkboxes: the fieldset is the focus target and its legend the title. */
export function GroupFrame({ props, extraDescribedBy, children }: { props: QuestionFieldProps; extraDescribedBy?: string; children: ReactNode }) {
  const { question: q, idPrefix, error, marker } = props;
  const ids = idsOf(q, idPrefix);
  return (
    <fieldset className="fl-q" id={ids.input} tabIndex={-1} aria-describedby={describedBy(q, ids, extraDescribedBy)} aria-invalid={error ? true : undefined}>
      <legend className="fl-title"><Title q={q} marker={marker} /></legend>
      <Description q={q} id={ids.desc} />
      {children}
      <ErrorText id={ids.err} error={error} />
    </fieldset>
  );
}

/** One labelled input; `control` gets the attributes every input carries. */
export function InputFrame({ props, control, after }: { props: QuestionFieldProps; control: (common: InputCommon) => ReactNode; after?: ReactNode }) {
  const { question: q, idPrefix, error, marker } = props;
  const ids = idsOf(q, idPrefix);
  const common: InputCommon = {
    id: ids.input,
    name: q.key,
    "aria-describedby": describedBy(q, ids),
    "aria-invalid": error ? true : undefined,
    "aria-required": "required" in q && q.required ? true : undefined,
    className: "fl-input",
  };
  return (
    <div className="fl-q">
      <label className="fl-title" htmlFor={ids.input}><Title q={q} marker={marker} /></label>
      <Description q={q} id={ids.desc} />
      {control(common)}
      {after}
      <ErrorText id={ids.err} error={error} />
    </div>
  );
}

export interface InputCommon {
  id: string;
  name: string;
  "aria-describedby": string;
  "aria-invalid": true | undefined;
  "aria-required": true | undefined;
  className: string;
}

/** The answer as text ("" when none), and a setter that turns "" into no answer. */
export function textOf(props: QuestionFieldProps) {
  const text = typeof props.value === "string" ? props.value : "";
  const set = (v: string) => props.onChange(v === "" ? undefined : v, "input");
  return { text, set };
}
