"use client";
import { useFormContext } from "react-hook-form";
import { emptyToUndefined, type BuilderValues } from "@/components/builder/types";
import { Textarea } from "@/components/ui";
import type { BuilderEditor, EditorProps } from "../types";

function ConsentEditor({ path, err }: EditorProps) {
  const { register } = useFormContext<BuilderValues>();
  return <Textarea label="Statement to agree to (optional)" hint="Shown next to the checkbox; “I agree” when empty" rows={3} error={err("text")} {...register(`${path}.text`, { setValueAs: emptyToUndefined })} />;
}

export const consentEditor = {
  label: "Consent (checkbox)",
  create: (key, title) => ({ key, type: "consent", title, text: "I agree to the terms and the privacy policy." }),
  Editor: ConsentEditor,
} satisfies BuilderEditor<"consent">;
