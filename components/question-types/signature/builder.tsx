import type { BuilderEditor } from "../types";

/** Nothing to set beyond the common fields: the respondent draws or types, the server stores a PNG. */
export const signatureEditor = {
  label: "Signature",
  create: (key, title) => ({ key, type: "signature", title }),
  Editor: null,
} satisfies BuilderEditor<"signature">;
