"use client";
import { PlaceholderField } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const urlEditor = {
  label: "Website (URL)",
  create: (key, title) => ({ key, type: "url", title }),
  Editor: PlaceholderField,
} satisfies BuilderEditor<"url">;
