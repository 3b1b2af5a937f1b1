"use client";
/** Builder settings shared by several types (inside the builder's react-hook-form). */
import { Controller, useFormContext } from "react-hook-form";
import { emptyToUndefined, toOptionalNumber, type BuilderValues } from "@/components/builder/types";
import { Button, Checkbox, Input } from "@/components/ui";
import type { EditorProps } from "../types";

type NumberField = "maxLength" | "minSelections" | "maxSelections" | "scaleMin" | "scaleMax";

/** register() for one of the question's fields, by name. */
export function useQuestionField({ path }: EditorProps) {
  const { register, control } = useFormContext<BuilderValues>();
  return {
    control,
    text: (field: "placeholder" | "minLabel" | "maxLabel" | "min" | "max") => register(`${path}.${field}`, { setValueAs: emptyToUndefined }),
    num: (field: NumberField | "min" | "max") => register(`${path}.${field}`, { setValueAs: toOptionalNumber }),
    raw: (field: "style") => register(`${path}.${field}`),
    flag: (field: "allowOther" | "randomize" | "multiple") => register(`${path}.${field}`),
  };
}

export function PlaceholderField(props: EditorProps) {
  const f = useQuestionField(props);
  return <Input label="Placeholder (optional)" error={props.err("placeholder")} {...f.text("placeholder")} />;
}

export function MaxLengthField(props: EditorProps) {
  const f = useQuestionField(props);
  return <Input label="Maximum length (optional)" type="number" min={1} error={props.err("maxLength")} {...f.num("maxLength")} />;
}

export function ScaleLabelFields(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <div className="form-grid">
      <Input label="Low-end label (optional)" placeholder="e.g. Not likely" error={props.err("minLabel")} {...f.text("minLabel")} />
      <Input label="High-end label (optional)" placeholder="e.g. Very likely" error={props.err("maxLabel")} {...f.text("maxLabel")} />
    </div>
  );
}

/** An editable list of strings (choice options, matrix rows and columns, ranking items). */
export function ListField({ path, err, field = "options", legend = "Options", item = "Option" }: EditorProps & { field?: "options" | "rows" | "columns"; legend?: string; item?: string }) {
  const { control } = useFormContext<BuilderValues>();
  return (
    <Controller
      control={control}
      name={`${path}.${field}`}
      render={({ field: f }) => <ListEditor value={f.value ?? []} onChange={f.onChange} legend={legend} item={item} error={err(field)} itemError={(i) => err(`${field}.${i}`)} />}
    />
  );
}

/** The items of a list: edit, add, remove, reorder. */
export function ListEditor({ value, onChange, legend, item, error, itemError }: { value: string[]; onChange: (v: string[]) => void; legend: string; item: string; error?: string; itemError: (i: number) => string | undefined }) {
  const set = (i: number, text: string) => onChange(value.map((o, j) => (j === i ? text : o)));
  const move = (i: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    const [moved] = next.splice(i, 1);
    next.splice(to, 0, moved);
    onChange(next);
  };
  const lower = item.toLowerCase();
  return (
    <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="field-label" style={{ marginBottom: 4 }}>{legend}</legend>
      {value.map((option, i) => (
        <div key={i} className="row" style={{ flexWrap: "nowrap" }}>
          <div className="grow">
            <Input label={`${item} ${i + 1}`} hideLabel value={option} error={itemError(i)} onChange={(e) => set(i, e.target.value)} />
          </div>
          <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move ${lower} ${i + 1} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>↑</Button>
          <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move ${lower} ${i + 1} down`} disabled={i === value.length - 1} onClick={() => move(i, i + 1)}>↓</Button>
          <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Remove ${lower} ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>✕</Button>
        </div>
      ))}
      {error && <span className="field-error" role="alert">{error}</span>}
      <div><Button variant="secondary" size="sm" onClick={() => onChange([...value, nextLabel(value, item)])}>Add {lower}</Button></div>
    </fieldset>
  );
}

/** "<Item> N" for the first N not already in the list (items must be unique). */
function nextLabel(value: string[], item: string): string {
  for (let n = value.length + 1; ; n++) if (!value.includes(`${item} ${n}`)) return `${item} ${n}`;
}

/** single-choice, multiple-choice, dropdown: "Other" with a text box, and a shuffled order per respondent. */
export function ChoiceExtras(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <div className="row">
      <Checkbox label="Add an “Other” choice with a text box" {...f.flag("allowOther")} />
      <Checkbox label="Shuffle the options for each respondent" {...f.flag("randomize")} />
    </div>
  );
}
