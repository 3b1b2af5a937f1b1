"use client";
import { useI18n } from "@/components/respondent/i18n";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { InputFrame, textOf } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

function LongText(props: QuestionFieldProps<QuestionOf<"long-text">>) {
  const { text, set } = textOf(props);
  const q = props.question;
  const { t } = useI18n();
  return (
    <InputFrame
      props={props}
      control={(common) => <textarea {...common} rows={4} maxLength={q.maxLength} placeholder={q.placeholder} value={text} onChange={(e) => set(e.target.value)} />}
      after={props.shortcuts ? <p className="fl-hint fl-keyhint" aria-hidden="true"><kbd>Shift</kbd> + <kbd>Enter</kbd> {t("newLine")}</p> : null}
    />
  );
}

export const longTextControl = { Field: LongText, advancesOnPick: false } satisfies RespondentControl<"long-text">;
