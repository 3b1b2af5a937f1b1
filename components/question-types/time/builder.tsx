"use client";
import { Input } from "@/components/ui";
import { useQuestionField } from "../shared/editor-fields";
import type { BuilderEditor, EditorProps } from "../types";

function TimeEditor(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <div className="form-grid">
      <Input label="Earliest time (optional)" type="time" error={props.err("min")} {...f.text("min")} />
      <Input label="Latest time (optional)" type="time" error={props.err("max")} {...f.text("max")} />
    </div>
  );
}

export const timeEditor = {
  label: "Time of day",
  create: (key, title) => ({ key, type: "time", title }),
  Editor: TimeEditor,
} satisfies BuilderEditor<"time">;
