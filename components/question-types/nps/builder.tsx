"use client";
import { ScaleLabelFields } from "../shared/editor-fields";
import type { BuilderEditor } from "../types";

export const npsEditor = {
  label: "Net Promoter Score",
  create: (key, title) => ({ key, type: "nps", title }),
  Editor: ScaleLabelFields,
} satisfies BuilderEditor<"nps">;
