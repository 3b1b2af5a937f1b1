"use client";
/**
 * `allowOther`: an "Other" choice that reveals a text box; the answer is the
 * typed text itself (in the list, for multiple choice). Without JavaScript the
 * box is always shown and posts as `<key>:other`, with the choice posting
 * OTHER_VALUE (lib/question-types reads both).
 */
import { useEffect, useRef } from "react";
import { otherField } from "@/lib/question-types/form-fields";
import type { VisibleQuestion } from "../types";

export { OTHER_CHOICE as OTHER_VALUE } from "@/lib/question-types/form-fields";
export const OTHER_LABEL = "Other";

export function OtherText({ q, idPrefix, open, text, onText, focusOnOpen }: { q: VisibleQuestion; idPrefix: string; open: boolean; text: string; onText: (text: string) => void; focusOnOpen: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    // Opening "Other" by choice moves focus into its box (not on load).
    if (open && !wasOpen.current && focusOnOpen) input.current?.focus();
    wasOpen.current = open;
  }, [open, focusOnOpen]);
  return (
    <div className="fl-other-text" data-closed={open ? undefined : ""}>
      <input
        ref={input}
        className="fl-input"
        type="text"
        id={`${idPrefix}-${q.key}-other`}
        name={otherField(q.key)}
        aria-label={`${q.title}: other answer`}
        maxLength={500}
        placeholder="Type your answer"
        value={text}
        onChange={(e) => onText(e.target.value)}
      />
    </div>
  );
}
