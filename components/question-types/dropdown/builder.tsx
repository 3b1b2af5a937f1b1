"use client";
import { ChoiceExtras, ListField, PlaceholderField } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const dropdownEditor = {
  label: "Dropdown",
  create: (key, title) => ({ key, type: "dropdown", title, options: ["Option 1", "Option 2"] }),
  Editor: (props) => (<><PlaceholderField {...props} /><ListField {...props} /><ChoiceExtras {...props} /></>),
} satisfies BuilderEditor<"dropdown">;
