"use client";
import { useI18n } from "@/components/respondent/i18n";
import { useState } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { ChoiceGroup, itemAtKey, optionLetter, type Choice } from "../shared/choice-group";
import { GroupFrame } from "../shared/frame";
import { OTHER_VALUE, OtherText } from "../shared/other";
import { shownOptions, useShownOptions } from "../shared/shuffle";
import type { QuestionFieldProps, RespondentControl } from "../types";

function MultipleChoice(props: QuestionFieldProps<QuestionOf<"multiple-choice">>) {
  const { question: q, value, onChange, idPrefix } = props;
  const { t: tr } = useI18n();
  const options = useShownOptions(q);
  const picked = Array.isArray(value) ? value : [];
  const typed = picked.find((p) => !q.options.includes(p)) ?? null;
  const [otherChosen, setOtherChosen] = useState(false);
  const otherOpen = typed !== null || otherChosen;
  const [text, setText] = useState(typed ?? "");
  const withOther = (open: boolean, t: string) => {
    const rest = picked.filter((p) => q.options.includes(p));
    const next = open && t.trim() ? [...rest, t] : rest;
    onChange(next.length ? next : undefined, "input");
  };
  const choices: Choice[] = options.map((o, i) => ({ value: o, answer: o, label: o, key: optionLetter(i) }));
  if (q.allowOther) {
    choices.push({
      value: OTHER_VALUE,
      answer: OTHER_VALUE,
      label: tr("other"),
      checked: otherOpen,
      onToggle: (checked) => {
        setOtherChosen(checked);
        withOther(checked, text);
      },
    });
  }
  return (
    <GroupFrame props={props}>
      <ChoiceGroup props={props} choices={choices} multiple layout="fl-list" />
      {q.allowOther ? (
        <OtherText q={q} idPrefix={idPrefix} open={otherOpen} text={typed ?? text} onText={(t) => { setText(t); withOther(true, t); }} />
      ) : null}
      {q.minSelections || q.maxSelections ? (
        <p className="fl-hint">
          {q.minSelections && q.maxSelections
            ? tr("pickRange", { min: q.minSelections, max: q.maxSelections })
            : q.minSelections
              ? tr("pickAtLeast", { min: q.minSelections })
              : tr("pickUpTo", { max: q.maxSelections! })}
        </p>
      ) : null}
    </GroupFrame>
  );
}

export const multipleChoiceControl = {
  Field: MultipleChoice,
  advancesOnPick: false,
  // A letter (or digit 1–9) toggles its option, in the order shown; the respondent moves on with Enter.
  shortcut: (q, key, ctx) => {
    const option = itemAtKey(shownOptions(q), key);
    if (!option) return false;
    const now = Array.isArray(ctx.value) ? ctx.value : [];
    const next = now.includes(option) ? now.filter((o) => o !== option) : [...now, option];
    ctx.pick(next.length ? next : undefined, false);
    return true;
  },
} satisfies RespondentControl<"multiple-choice">;
