/** The fields of one question, by type (inside the builder's react-hook-form). */
"use client";

import { Controller, get, useFormContext, useWatch } from "react-hook-form";
import { questionTypes, type Question, type QuestionType } from "@/lib/schema/form-schema";
import { Button, Checkbox, Input, Select, Textarea } from "@/components/ui";
import { canBeRequired, convertQuestion, derivedKey, hasPlaceholder, isChoice, keyFollowsTitle, typeLabels } from "./question-types";
import { emptyToUndefined, toOptionalNumber, type BuilderValues, type EditableQuestion } from "./types";

const typeOptions = questionTypes.map((t) => ({ value: t, label: typeLabels[t] }));

function errorAt(errors: unknown, path: string): string | undefined {
  const e = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

export function QuestionEditor({ index, onReplace }: { index: number; onReplace: (q: EditableQuestion) => void }) {
  const { register, control, getValues, setValue, formState } = useFormContext<BuilderValues>();
  const p = `questions.${index}` as const;
  const type = useWatch({ control, name: `${p}.type` }) as QuestionType;
  const errors = formState.errors;
  const err = (field: string) => errorAt(errors, `${p}.${field}`);
  const otherKeys = () => getValues("questions").filter((_, i) => i !== index).map((q) => q.key);

  const title = register(`${p}.title`);
  const onTitleChange: typeof title.onChange = async (event) => {
    const before = getValues(`${p}.title`) ?? "";
    const key = getValues(`${p}.key`);
    await title.onChange(event);
    const others = otherKeys();
    if (keyFollowsTitle(key, before, others)) setValue(`${p}.key`, derivedKey((event.target as HTMLInputElement).value, others), { shouldValidate: true, shouldDirty: true });
  };

  const num = (field: "maxLength" | "minSelections" | "maxSelections" | "scaleMin" | "scaleMax") => register(`${p}.${field}`, { setValueAs: toOptionalNumber });

  return (
    <div className="stack" data-testid="question-editor">
      <div className="form-grid">
        <Select
          label="Type"
          options={typeOptions}
          value={type}
          onChange={(e) => onReplace(convertQuestion(getValues(p) as Question, e.target.value as QuestionType) as EditableQuestion)}
        />
        <Input
          label="Key"
          hint="Names the answer in the API, CSV and links (?key=value for hidden fields)"
          className="mono"
          spellCheck={false}
          error={err("key")}
          {...register(`${p}.key`)}
        />
      </div>
      <Input label={type === "hidden" ? "Label (optional)" : type === "statement" ? "Text" : "Question"} error={err("title")} {...title} onChange={onTitleChange} />
      {type !== "hidden" && <Textarea label="Description (optional)" rows={2} error={err("description")} {...register(`${p}.description`, { setValueAs: emptyToUndefined })} />}

      {hasPlaceholder(type) && <Input label="Placeholder (optional)" error={err("placeholder")} {...register(`${p}.placeholder`, { setValueAs: emptyToUndefined })} />}
      {(type === "short-text" || type === "long-text") && <Input label="Maximum length (optional)" type="number" min={1} error={err("maxLength")} {...num("maxLength")} />}

      {type === "number" && (
        <div className="form-grid">
          <Input label="Minimum (optional)" type="number" step="any" error={err("min")} {...register(`${p}.min`, { setValueAs: toOptionalNumber })} />
          <Input label="Maximum (optional)" type="number" step="any" error={err("max")} {...register(`${p}.max`, { setValueAs: toOptionalNumber })} />
        </div>
      )}
      {type === "date" && (
        <div className="form-grid">
          <Input label="Earliest date (optional)" type="date" error={err("min")} {...register(`${p}.min`, { setValueAs: emptyToUndefined })} />
          <Input label="Latest date (optional)" type="date" error={err("max")} {...register(`${p}.max`, { setValueAs: emptyToUndefined })} />
        </div>
      )}

      {isChoice(type) && (
        <Controller
          control={control}
          name={`${p}.options`}
          render={({ field }) => <OptionsEditor value={field.value ?? []} onChange={field.onChange} error={err("options")} optionError={(i) => err(`options.${i}`)} />}
        />
      )}
      {type === "multiple-choice" && (
        <div className="form-grid">
          <Input label="At least (selections, optional)" type="number" min={0} error={err("minSelections")} {...num("minSelections")} />
          <Input label="At most (selections, optional)" type="number" min={1} error={err("maxSelections")} {...num("maxSelections")} />
        </div>
      )}

      {type === "rating" && (
        <div className="form-grid">
          <Select label="Scale from" options={[{ value: "0", label: "0" }, { value: "1", label: "1" }]} error={err("scaleMin")} {...num("scaleMin")} />
          <Select label="Scale to" options={[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({ value: String(n), label: String(n) }))} error={err("scaleMax")} {...num("scaleMax")} />
          <Select label="Style" options={[{ value: "stars", label: "Stars" }, { value: "numbers", label: "Numbers" }]} {...register(`${p}.style`)} />
        </div>
      )}
      {(type === "rating" || type === "nps") && (
        <div className="form-grid">
          <Input label="Low-end label (optional)" placeholder="e.g. Not likely" error={err("minLabel")} {...register(`${p}.minLabel`, { setValueAs: emptyToUndefined })} />
          <Input label="High-end label (optional)" placeholder="e.g. Very likely" error={err("maxLabel")} {...register(`${p}.maxLabel`, { setValueAs: emptyToUndefined })} />
        </div>
      )}

      {canBeRequired(type) && <Checkbox label="Required" {...register(`${p}.required`)} />}
      {type === "hidden" && <p className="small muted">Not shown to respondents: its value comes from the link, e.g. <code>/s/your-form?{getValues(`${p}.key`)}=newsletter</code>.</p>}
    </div>
  );
}

/** The option list of a choice question: edit, add, remove, reorder. */
function OptionsEditor({ value, onChange, error, optionError }: { value: string[]; onChange: (v: string[]) => void; error?: string; optionError: (i: number) => string | undefined }) {
  const set = (i: number, text: string) => onChange(value.map((o, j) => (j === i ? text : o)));
  const move = (i: number, to: number) => {
    if (to < 0 || to >= value.length) return;
    const next = [...value];
    const [item] = next.splice(i, 1);
    next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="field-label" style={{ marginBottom: 4 }}>Options</legend>
      {value.map((option, i) => (
        <div key={i} className="row" style={{ flexWrap: "nowrap" }}>
          <div className="grow">
            <Input label={`Option ${i + 1}`} hideLabel value={option} error={optionError(i)} onChange={(e) => set(i, e.target.value)} />
          </div>
          <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move option ${i + 1} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>↑</Button>
          <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Move option ${i + 1} down`} disabled={i === value.length - 1} onClick={() => move(i, i + 1)}>↓</Button>
          <Button variant="ghost" size="sm" className="btn-icon" aria-label={`Remove option ${i + 1}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>✕</Button>
        </div>
      ))}
      {error && <span className="field-error" role="alert">{error}</span>}
      <div><Button variant="secondary" size="sm" onClick={() => onChange([...value, nextOptionLabel(value)])}>Add option</Button></div>
    </fieldset>
  );
}

/** "Option N" for the first N not already in the list (options must be unique). */
function nextOptionLabel(value: string[]): string {
  for (let n = value.length + 1; ; n++) if (!value.includes(`Option ${n}`)) return `Option ${n}`;
}
