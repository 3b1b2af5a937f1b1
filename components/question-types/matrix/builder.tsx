"use client";
import { Checkbox } from "@/components/ui";
import { ListField, useQuestionField } from "../shared/editor-fields";
import type { BuilderEditor, EditorProps } from "../types";

function MatrixEditor(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <>
      <ListField {...props} field="rows" legend="Rows (statements)" item="Row" />
      <ListField {...props} field="columns" legend="Columns (answers)" item="Column" />
      <Checkbox label="Allow several columns per row" {...f.flag("multiple")} />
    </>
  );
}

export const matrixEditor = {
  label: "Matrix (Likert grid)",
  create: (key, title) => ({ key, type: "matrix", title, rows: ["Row 1", "Row 2"], columns: ["Disagree", "Neutral", "Agree"] }),
  Editor: MatrixEditor,
} satisfies BuilderEditor<"matrix">;
