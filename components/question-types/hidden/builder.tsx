"use client";
import { useFormContext } from "react-hook-form";
import type { BuilderValues } from "@/components/builder/types";
import type { BuilderEditor, EditorProps } from "../types";

function HiddenEditor({ path }: EditorProps) {
  const { getValues } = useFormContext<BuilderValues>();
  return <p className="small muted">Not shown to respondents: its value comes from the link, e.g. <code>/s/your-form?{getValues(`${path}.key`)}=newsletter</code>.</p>;
}

export const hiddenEditor = {
  label: "Hidden field (from the URL)",
  // No title: a hidden question's label is optional (the builder keys it "ref").
  create: (key) => ({ key, type: "hidden" }),
  Editor: HiddenEditor,
} satisfies BuilderEditor<"hidden">;
