"use client";
/**
 * One question's control: native inputs only (radios, checkboxes, select,
 * typed inputs), so keyboards, screen readers and phones get their built-in
 * behaviour, and every input carries `name` so the same markup posts as a
 * plain HTML form when JavaScript is off (see lib/public/form-post.ts).
 * Each type's control lives in components/question-types/<type>/respondent.tsx.
 */
import { controlOf } from "@/components/question-types/respondent-controls";
import type { QuestionFieldProps } from "@/components/question-types/types";

export type { PickedVia, QuestionFieldProps, VisibleQuestion } from "@/components/question-types/types";

export function QuestionField(props: QuestionFieldProps) {
  const { Field } = controlOf(props.question.type);
  return <Field {...props} />;
}
