"use client";
import { PlaceholderField } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const emailEditor = {
  label: "Email",
  create: (key, title) => ({ key, type: "email", title }),
  Editor: PlaceholderField,
} satisfies BuilderEditor<"email">;
