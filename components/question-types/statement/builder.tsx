import type { BuilderEditor } from "../types";

export const statementEditor = {
  label: "Statement (no answer)",
  create: (key, title) => ({ key, type: "statement", title }),
  Editor: null,
} satisfies BuilderEditor<"statement">;
