"use client";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { ChoiceGroup, optionLetter } from "../shared/choice-group";
import { GroupFrame } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

function MultipleChoice(props: QuestionFieldProps<QuestionOf<"multiple-choice">>) {
  const q = props.question;
  const choices = q.options.map((o, i) => ({ value: o, answer: o, label: o, key: optionLetter(i) }));
  return (
    <GroupFrame props={props}>
      <ChoiceGroup props={props} choices={choices} multiple layout="fl-list" />
      {q.minSelections || q.maxSelections ? (
        <p className="fl-hint">
          {q.minSelections && q.maxSelections
            ? `Pick ${q.minSelections} to ${q.maxSelections}`
            : q.minSelections
              ? `Pick at least ${q.minSelections}`
              : `Pick up to ${q.maxSelections}`}
        </p>
      ) : null}
    </GroupFrame>
  );
}

export const multipleChoiceControl = {
  Field: MultipleChoice,
  advancesOnPick: false,
  // A letter (or digit 1–9) toggles its option; the respondent moves on with Enter.
  shortcut: (q, key, ctx) => {
    const option = key.length === 1 ? q.options[/^[1-9]$/.test(key) ? Number(key) - 1 : key.toUpperCase().charCodeAt(0) - 65] : undefined;
    if (!option) return false;
    const now = Array.isArray(ctx.value) ? ctx.value : [];
    const next = now.includes(option) ? now.filter((o) => o !== option) : [...now, option];
    ctx.pick(next.length ? next : undefined, false);
    return true;
  },
} satisfies RespondentControl<"multiple-choice">;
