"use client";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { ChoiceGroup, optionLetter } from "../shared/choice-group";
import { GroupFrame } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

function SingleChoice(props: QuestionFieldProps<QuestionOf<"single-choice">>) {
  const choices = props.question.options.map((o, i) => ({ value: o, answer: o, label: o, key: optionLetter(i) }));
  return (
    <GroupFrame props={props}>
      <ChoiceGroup props={props} choices={choices} multiple={false} layout="fl-list" />
    </GroupFrame>
  );
}

export const singleChoiceControl = {
  Field: SingleChoice,
  advancesOnPick: true,
  // Letters as Typeform does (shown on the options); digits 1–9 work too.
  shortcut: (q, key, ctx) => {
    const option = key.length === 1 ? q.options[/^[1-9]$/.test(key) ? Number(key) - 1 : key.toUpperCase().charCodeAt(0) - 65] : undefined;
    if (!option) return false;
    ctx.pick(option, true);
    return true;
  },
} satisfies RespondentControl<"single-choice">;
