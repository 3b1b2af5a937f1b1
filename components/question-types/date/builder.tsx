"use client";
import { Input } from "@/components/ui";
import { useQuestionField } from "../shared/editor-fields";
import type { BuilderEditor, EditorProps } from "../types";

function DateEditor(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <div className="form-grid">
      <Input label="Earliest date (optional)" type="date" error={props.err("min")} {...f.text("min")} />
      <Input label="Latest date (optional)" type="date" error={props.err("max")} {...f.text("max")} />
    </div>
  );
}

export const dateEditor = {
  label: "Date",
  create: (key, title) => ({ key, type: "date", title }),
  Editor: DateEditor,
} satisfies BuilderEditor<"date">;
