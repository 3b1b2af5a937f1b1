"use client";
/**
 * `allowOther`: an "Other" choice that reveals a text box; the answer is the
 * typed text itself (in the list, for multiple choice). Without JavaScript the
 * box is always shown and posts as `<key>:other`, with the choice posting
 * OTHER_VALUE (lib/question-types reads both).
 */
import { useI18n } from "@/components/respondent/i18n";
import { otherField } from "@/lib/question-types/form-fields";
import type { VisibleQuestion } from "../types";

export { OTHER_CHOICE as OTHER_VALUE } from "@/lib/question-types/form-fields";

/**
 * Focus is left where it is when "Other" opens (arrow keys may just be passing
 * through the choices); the box follows the choices, so Tab reaches it next.
 */
export function OtherText({ q, idPrefix, open, text, onText }: { q: VisibleQuestion; idPrefix: string; open: boolean; text: string; onText: (text: string) => void }) {
  const { t } = useI18n();
  return (
    <div className="fl-other-text" data-closed={open ? undefined : ""}>
      <input
        className="fl-input"
        type="text"
        id={`${idPrefix}-${q.key}-other`}
        name={otherField(q.key)}
        aria-label={t("otherAnswer", { title: q.title })}
        maxLength={500}
        placeholder={t("typeYourAnswer")}
        value={text}
        onChange={(e) => onText(e.target.value)}
      />
    </div>
  );
}
