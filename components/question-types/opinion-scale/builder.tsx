"use client";
import { Select } from "@/components/ui";
import { ScaleLabelFields, useQuestionField } from "../shared/editor-fields";
import type { BuilderEditor, EditorProps } from "../types";

function OpinionScaleEditor(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <>
      <div className="form-grid">
        <Select label="Scale from" options={[{ value: "0", label: "0" }, { value: "1", label: "1" }]} error={props.err("scaleMin")} {...f.num("scaleMin")} />
        <Select label="Scale to" options={[2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => ({ value: String(n), label: String(n) }))} error={props.err("scaleMax")} {...f.num("scaleMax")} />
      </div>
      <ScaleLabelFields {...props} />
    </>
  );
}

export const opinionScaleEditor = {
  label: "Opinion scale",
  create: (key, title) => ({ key, type: "opinion-scale", title, scaleMin: 0, scaleMax: 10 }),
  Editor: OpinionScaleEditor,
} satisfies BuilderEditor<"opinion-scale">;
