"use client";
import { useRef } from "react";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { GroupFrame } from "../shared/frame";
import type { PickedVia, QuestionFieldProps, RespondentControl } from "../types";

export const CONSENT_DEFAULT_TEXT = "I agree";

/** One checkbox with its statement; the answer is `true` (unchecked: no answer). */
function Consent(props: QuestionFieldProps<QuestionOf<"consent">>) {
  const { question: q, value, onChange, shortcuts } = props;
  const pointerAt = useRef(0);
  const via = (): PickedVia => (Date.now() - pointerAt.current < 1000 ? "pointer" : "key");
  return (
    <GroupFrame props={props}>
      <div className="fl-choices fl-list" onPointerDown={() => (pointerAt.current = Date.now())}>
        <label className="fl-choice fl-consent">
          <input className="fl-sr" type="checkbox" name={q.key} value="yes" checked={value === true} onChange={(e) => onChange(e.target.checked ? true : undefined, via())} />
          <span className="fl-choice-box">
            {shortcuts ? <kbd className="fl-key" aria-hidden="true">Y</kbd> : null}
            <span className="fl-choice-label">{q.text || CONSENT_DEFAULT_TEXT}</span>
          </span>
        </label>
      </div>
    </GroupFrame>
  );
}

export const consentControl = {
  Field: Consent,
  advancesOnPick: false,
  // Y toggles the agreement; moving on stays the respondent's own step (Enter).
  shortcut: (_q, key, ctx) => {
    if (key.toUpperCase() !== "Y") return false;
    ctx.pick(ctx.value === true ? undefined : true, false);
    return true;
  },
} satisfies RespondentControl<"consent">;
