"use client";
import { Select } from "@/components/ui";
import { ScaleLabelFields, useQuestionField } from "../shared/editor-fields";
import type { BuilderEditor, EditorProps } from "../types";

function RatingEditor(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <>
      <div className="form-grid">
        <Select label="Scale from" options={[{ value: "0", label: "0" }, { value: "1", label: "1" }]} error={props.err("scaleMin")} {...f.num("scaleMin")} />
        <Select label="Scale to" options={[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({ value: String(n), label: String(n) }))} error={props.err("scaleMax")} {...f.num("scaleMax")} />
        <Select label="Style" options={[{ value: "stars", label: "Stars" }, { value: "numbers", label: "Numbers" }]} {...f.raw("style")} />
      </div>
      <ScaleLabelFields {...props} />
    </>
  );
}

export const ratingEditor = {
  label: "Rating",
  create: (key, title) => ({ key, type: "rating", title, scaleMin: 1, scaleMax: 5, style: "stars" }),
  Editor: RatingEditor,
} satisfies BuilderEditor<"rating">;
