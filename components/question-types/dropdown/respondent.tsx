"use client";
import { useState } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { InputFrame } from "../shared/frame";
import { OTHER_LABEL, OTHER_VALUE, OtherText } from "../shared/other";
import { useShownOptions } from "../shared/shuffle";
import type { QuestionFieldProps, RespondentControl } from "../types";

function Dropdown(props: QuestionFieldProps<QuestionOf<"dropdown">>) {
  const { question: q, value, onChange, idPrefix } = props;
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
          <option value="">{q.placeholder ?? "Select an option"}</option>
          {options.map((o) => <option key={o} value={o}>{props.recall ? props.recall(o) : o}</option>)}
          {q.allowOther ? <option value={OTHER_VALUE}>{OTHER_LABEL}…</option> : null}
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
