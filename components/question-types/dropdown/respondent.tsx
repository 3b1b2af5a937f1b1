"use client";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { InputFrame, textOf } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

function Dropdown(props: QuestionFieldProps<QuestionOf<"dropdown">>) {
  const { text, set } = textOf(props);
  const q = props.question;
  return (
    <InputFrame
      props={props}
      control={(common) => (
        <select {...common} value={text} onChange={(e) => set(e.target.value)}>
          <option value="">{q.placeholder ?? "Select an option"}</option>
          {q.options.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      )}
    />
  );
}

export const dropdownControl = { Field: Dropdown, advancesOnPick: false } satisfies RespondentControl<"dropdown">;
