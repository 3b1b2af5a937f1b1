"use client";
import { Checkbox } from "@/components/ui";
import { ListField, useQuestionField } from "../shared/editor-fields";
import type { BuilderEditor, EditorProps } from "../types";

function RankingEditor(props: EditorProps) {
  const f = useQuestionField(props);
  return (
    <>
      <ListField {...props} legend="Items to rank" item="Item" />
      <Checkbox label="Start each respondent from a random order" {...f.flag("randomize")} />
    </>
  );
}

export const rankingEditor = {
  label: "Ranking",
  create: (key, title) => ({ key, type: "ranking", title, options: ["Item 1", "Item 2", "Item 3"] }),
  Editor: RankingEditor,
} satisfies BuilderEditor<"ranking">;
