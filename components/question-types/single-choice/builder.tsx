"use client";
import { ListField } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const singleChoiceEditor = {
  label: "Single choice",
  create: (key, title) => ({ key, type: "single-choice", title, options: ["Option 1", "Option 2"] }),
  Editor: ListField,
} satisfies BuilderEditor<"single-choice">;
