"use client";
import { PlaceholderField } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const phoneEditor = {
  label: "Phone number",
  create: (key, title) => ({ key, type: "phone", title }),
  Editor: PlaceholderField,
} satisfies BuilderEditor<"phone">;
