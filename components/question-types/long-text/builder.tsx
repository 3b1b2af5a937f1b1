"use client";
import { MaxLengthField, PlaceholderField } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const longTextEditor = {
  label: "Long text",
  create: (key, title) => ({ key, type: "long-text", title }),
  Editor: (props) => (<><PlaceholderField {...props} /><MaxLengthField {...props} /></>),
} satisfies BuilderEditor<"long-text">;
