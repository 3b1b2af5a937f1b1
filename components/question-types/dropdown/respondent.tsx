"use client";
import { useI18n } from "@/components/respondent/i18n";
import { useState } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { InputFrame } from "../shared/frame";
import { OTHER_VALUE, OtherText } from "../shared/other";
import { useShownOptions } from "../shared/shuffle";
import type { QuestionFieldProps, RespondentControl } from "../types";

function Dropdown(props: QuestionFieldProps<QuestionOf<"dropdown">>) {
  const { question: q, value, onChange, idPrefix } = props;
  const { t } = useI18n();
  const options = useShownOptions(q);
  const [otherChosen, setOtherChosen] = useState(false);
  const typed = typeof value === "string" && !q.options.includes(value) ? value : null;
  const otherOpen = typed !== null || (otherChosen && value === undefined);
  const [text, setText] = useState(typed ?? "");
  const selected = otherOpen ? OTHER_VALUE : typeof value === "string" ? value : "";
  return (
    <InputFrame
      props={props}
      control={(common) => (
        <select
          {...common}
          value={selected}
          onChange={(e) => {
            const v = e.target.value;
            if (v === OTHER_VALUE) {
              setOtherChosen(true);
              return onChange(text.trim() ? text : undefined, "input");
            }
            setOtherChosen(false);
            onChange(v === "" ? undefined : v, "input");
          }}
        >
          <option value="">{q.placeholder ?? t("selectOption")}</option>
          {options.map((o) => <option key={o} value={o}>{props.recall ? props.recall(o) : o}</option>)}
          {q.allowOther ? <option value={OTHER_VALUE}>{t("other")}…</option> : null}
        </select>
      )}
      after={
        q.allowOther ? (
          <OtherText q={q} idPrefix={idPrefix} open={otherOpen} text={typed ?? text} onText={(t) => { setText(t); setOtherChosen(true); onChange(t.trim() ? t : undefined, "input"); }} />
        ) : null
      }
    />
  );
}

export const dropdownControl = { Field: Dropdown, advancesOnPick: false } satisfies RespondentControl<"dropdown">;
