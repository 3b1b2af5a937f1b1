/** The fields of one question, by type (inside the builder's react-hook-form). */
"use client";

import { get, useFormContext, useWatch } from "react-hook-form";
import { builderEditors } from "@/components/question-types/builder-editors";
import { questionTypes, type Question, type QuestionType } from "@/lib/schema/form-schema";
import { Checkbox, Input, Select, Textarea } from "@/components/ui";
import { QuestionLogic } from "./logic/question-logic";
import { canBeRequired, convertQuestion, derivedKey, keyFollowsTitle, typeLabels } from "./question-types";
import { emptyToUndefined, type BuilderValues, type EditableQuestion } from "./types";

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

  // The type's own settings (components/question-types/<type>/builder.tsx).
  const Editor = builderEditors[type].Editor;

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

      {type !== "hidden" && (
        <Input
          label="Screen group (optional)"
          hint="Immersive mode shows consecutive questions with the same group name on one screen"
          className="mono"
          spellCheck={false}
          error={err("group")}
          {...register(`${p}.group`, { setValueAs: emptyToUndefined })}
        />
      )}
      {Editor && <Editor path={p} err={err} />}

      {canBeRequired(type) && <Checkbox label="Required" {...register(`${p}.required`)} />}
      <QuestionLogic index={index} />
    </div>
  );
}
