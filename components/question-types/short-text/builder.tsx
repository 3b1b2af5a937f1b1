"use client";
import { MaxLengthField, PlaceholderField } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const shortTextEditor = {
  label: "Short text",
  create: (key, title) => ({ key, type: "short-text", title }),
  Editor: (props) => (<><PlaceholderField {...props} /><MaxLengthField {...props} /></>),
} satisfies BuilderEditor<"short-text">;
