"use client";
import { useI18n } from "@/components/respondent/i18n";
import { useState } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { ChoiceGroup, itemAtKey, optionLetter, type Choice } from "../shared/choice-group";
import { GroupFrame } from "../shared/frame";
import { OTHER_VALUE, OtherText } from "../shared/other";
import { shownOptions, useShownOptions } from "../shared/shuffle";
import type { QuestionFieldProps, RespondentControl } from "../types";

function SingleChoice(props: QuestionFieldProps<QuestionOf<"single-choice">>) {
  const { question: q, value, onChange, idPrefix } = props;
  const { t: tr } = useI18n();
  const options = useShownOptions(q);
  // "Other" is picked when the answer is a text that is no option, or the box was opened and is still empty.
  const [otherChosen, setOtherChosen] = useState(false);
  const typed = typeof value === "string" && !q.options.includes(value) ? value : null;
  const otherOpen = typed !== null || (otherChosen && value === undefined);
  const [text, setText] = useState(typed ?? "");
  const choices: Choice[] = options.map((o, i) => ({ value: o, answer: o, label: o, key: optionLetter(i) }));
  if (q.allowOther) {
    choices.push({
      value: OTHER_VALUE,
      answer: OTHER_VALUE,
      label: tr("other"),
      checked: otherOpen,
      onToggle: () => {
        setOtherChosen(true);
        // Never "pointer": opening Other must not move an immersive form on before the text is typed.
        onChange(text.trim() ? text : undefined, "input");
      },
    });
  }
  return (
    <GroupFrame props={props}>
      <ChoiceGroup props={props} choices={choices} multiple={false} layout="fl-list" />
      {q.allowOther ? (
        <OtherText
          q={q}
          idPrefix={idPrefix}
          open={otherOpen}
          text={typed ?? text}
          onText={(t) => {
            setText(t);
            setOtherChosen(true);
            onChange(t.trim() ? t : undefined, "input");
          }}
        />
      ) : null}
    </GroupFrame>
  );
}

export const singleChoiceControl = {
  Field: SingleChoice,
  advancesOnPick: true,
  // Letters as Typeform does (shown on the options, in the order shown); digits 1–9 work too.
  shortcut: (q, key, ctx) => {
    const option = itemAtKey(shownOptions(q), key);
    if (!option) return false;
    ctx.pick(option, true);
    return true;
  },
} satisfies RespondentControl<"single-choice">;
