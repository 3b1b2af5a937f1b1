"use client";
import { Input } from "@/components/ui";
import { ChoiceExtras, ListField, useQuestionField } from "../shared/editor-fields";
import type { BuilderEditor, EditorProps } from "../types";

function MultipleChoiceEditor(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <>
      <ListField {...props} />
      <ChoiceExtras {...props} />
      <div className="form-grid">
        <Input label="At least (selections, optional)" type="number" min={0} error={props.err("minSelections")} {...f.num("minSelections")} />
        <Input label="At most (selections, optional)" type="number" min={1} error={props.err("maxSelections")} {...f.num("maxSelections")} />
      </div>
    </>
  );
}

export const multipleChoiceEditor = {
  label: "Multiple choice",
  create: (key, title) => ({ key, type: "multiple-choice", title, options: ["Option 1", "Option 2"] }),
  Editor: MultipleChoiceEditor,
} satisfies BuilderEditor<"multiple-choice">;
