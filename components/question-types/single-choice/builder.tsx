"use client";
import { ChoiceExtras, ListField } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const singleChoiceEditor = {
  label: "Single choice",
  create: (key, title) => ({ key, type: "single-choice", title, options: ["Option 1", "Option 2"] }),
  Editor: (props) => (<><ListField {...props} /><ChoiceExtras {...props} /></>),
} satisfies BuilderEditor<"single-choice">;
