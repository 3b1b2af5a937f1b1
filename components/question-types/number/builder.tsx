"use client";
import { Input } from "@/components/ui";
import { PlaceholderField, useQuestionField } from "../shared/editor-fields";
import type { BuilderEditor, EditorProps } from "../types";

function NumberEditor(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <>
      <PlaceholderField {...props} />
      <div className="form-grid">
        <Input label="Minimum (optional)" type="number" step="any" error={props.err("min")} {...f.num("min")} />
        <Input label="Maximum (optional)" type="number" step="any" error={props.err("max")} {...f.num("max")} />
      </div>
    </>
  );
}

export const numberEditor = {
  label: "Number",
  create: (key, title) => ({ key, type: "number", title }),
  Editor: NumberEditor,
} satisfies BuilderEditor<"number">;
