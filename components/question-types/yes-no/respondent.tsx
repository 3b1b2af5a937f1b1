"use client";
import { useI18n } from "@/components/respondent/i18n";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { ChoiceGroup } from "../shared/choice-group";
import { GroupFrame } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

function YesNo(props: QuestionFieldProps<QuestionOf<"yes-no">>) {
  const { t } = useI18n();
  // The Y and N keys stay in every language (what the key hints show).
  const choices = [
    { value: "yes", answer: true, label: t("yes"), key: "Y" },
    { value: "no", answer: false, label: t("no"), key: "N" },
  ];
  return (
    <GroupFrame props={props}>
      <ChoiceGroup props={props} choices={choices} multiple={false} layout="fl-list fl-yesno" />
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
