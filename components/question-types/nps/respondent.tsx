"use client";
import { useI18n } from "@/components/respondent/i18n";
import { ScaleField, scaleShortcut } from "../shared/choice-group";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { QuestionFieldProps, RespondentControl } from "../types";

function Nps({ props }: { props: QuestionFieldProps<QuestionOf<"nps">> }) {
  const { t } = useI18n();
  return <ScaleField props={props} min={0} max={10} minLabel={props.question.minLabel ?? t("notLikely")} maxLabel={props.question.maxLabel ?? t("veryLikely")} />;
}

export const npsControl = {
  Field: (props) => <Nps props={props} />,
  advancesOnPick: true,
  shortcut: (_q, key, ctx) => scaleShortcut(0, 10, key, ctx),
} satisfies RespondentControl<"nps">;
