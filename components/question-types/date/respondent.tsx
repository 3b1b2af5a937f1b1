"use client";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { InputFrame, textOf } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

function DateField(props: QuestionFieldProps<QuestionOf<"date">>) {
  const { text, set } = textOf(props);
  const q = props.question;
  return <InputFrame props={props} control={(common) => <input {...common} type="date" min={q.min} max={q.max} value={text} onChange={(e) => set(e.target.value)} />} />;
}

export const dateControl = { Field: DateField, advancesOnPick: false } satisfies RespondentControl<"date">;
