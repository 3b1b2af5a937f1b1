import type { BuilderEditor } from "../types";

export const yesNoEditor = {
  label: "Yes / No",
  create: (key, title) => ({ key, type: "yes-no", title }),
  Editor: null,
} satisfies BuilderEditor<"yes-no">;
