"use client";
import { useEffect, useState } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { InputFrame } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

/** Keeps the typed text (e.g. "-" or "1.") while the answer is the number it denotes. */
function NumberField(props: QuestionFieldProps<QuestionOf<"number">>) {
  const { question: q, value, onChange } = props;
  const [raw, setRaw] = useState(value === undefined ? "" : String(value));
  const parsed = raw.trim() === "" || Number.isNaN(Number(raw)) ? undefined : Number(raw);
  useEffect(() => {
    // An answer set from outside (a resumed response) replaces the text.
    if (value !== parsed) setRaw(value === undefined ? "" : String(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only outside changes matter
  }, [value]);
  return (
    <InputFrame
      props={props}
      control={(common) => (
        <input
          {...common}
          type="number"
          inputMode="decimal"
          step="any"
          min={q.min}
          max={q.max}
          placeholder={q.placeholder}
          value={raw}
          onChange={(e) => {
            setRaw(e.target.value);
            const n = e.target.value === "" ? undefined : Number(e.target.value);
            onChange(n === undefined || Number.isNaN(n) ? undefined : n, "input");
          }}
        />
      )}
    />
  );
}

export const numberControl = { Field: NumberField, advancesOnPick: false } satisfies RespondentControl<"number">;
