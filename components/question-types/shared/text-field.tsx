"use client";
/** One-line typed inputs (short text, email, URL, phone, time): native type, autocomplete and keyboard. */
import type { QuestionFieldProps } from "../types";
import { InputFrame, textOf } from "./frame";

export interface TextKind {
  type: "text" | "email" | "url" | "tel" | "time";
  autoComplete?: string;
  inputMode?: "email" | "url" | "tel";
  maxLength?: number;
  placeholder?: string;
  min?: string;
  max?: string;
}

export function TextField({ props, kind }: { props: QuestionFieldProps; kind: TextKind }) {
  const { text, set } = textOf(props);
  return <InputFrame props={props} control={(common) => <input {...common} {...kind} value={text} onChange={(e) => set(e.target.value)} />} />;
}
