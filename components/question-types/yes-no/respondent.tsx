"use client";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { ChoiceGroup } from "../shared/choice-group";
import { GroupFrame } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

const CHOICES = [
  { value: "yes", answer: true, label: "Yes", key: "Y" },
  { value: "no", answer: false, label: "No", key: "N" },
];

function YesNo(props: QuestionFieldProps<QuestionOf<"yes-no">>) {
  return (
    <GroupFrame props={props}>
      <ChoiceGroup props={props} choices={CHOICES} multiple={false} layout="fl-list fl-yesno" />
    </GroupFrame>
  );
}

export const yesNoControl = {
  Field: YesNo,
  advancesOnPick: true,
  shortcut: (_q, key, ctx) => {
    const upper = key.toUpperCase();
    if (upper !== "Y" && upper !== "N") return false;
    ctx.pick(upper === "Y", true);
    return true;
  },
} satisfies RespondentControl<"yes-no">;
