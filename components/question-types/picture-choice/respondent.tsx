"use client";
/**
 * Pictures to pick from: a grid of labelled image tiles over native radios
 * (or checkboxes with `multiple`), so arrow keys, Space, screen readers and
 * the no-JavaScript post work as in any choice group. The label is the
 * answer and the image's alternative text.
 */
import { useI18n } from "@/components/respondent/i18n";
import { assetUrl } from "@/lib/files/asset-url";
import type { QuestionOf } from "@/lib/schema/form-schema";
import { ChoiceGroup, itemAtKey, optionLetter, type Choice } from "../shared/choice-group";
import { GroupFrame } from "../shared/frame";
import type { QuestionFieldProps, RespondentControl } from "../types";

function PictureChoice(props: QuestionFieldProps<QuestionOf<"picture-choice">>) {
  const q = props.question;
  const { t, label } = useI18n();
  const choices: Choice[] = q.pictures.map((o, i) => ({
    value: o.label,
    answer: o.label,
    key: optionLetter(i),
    label: (
      <span className="fl-picture">
        {/* The label beside it names the option; the picture adds nothing for a screen reader. */}
        {o.image ? <img src={assetUrl(o.image)} alt="" loading="lazy" decoding="async" width={240} height={180} /> : <span className="fl-picture-none" aria-hidden="true" />}
        <span className="fl-picture-label">{label(q.key, "options", o.label)}</span>
      </span>
    ),
  }));
  // Several picks: a tap must not move an immersive form on (advancesOnPick is per type, not per question).
  const group = q.multiple ? { ...props, onChange: (v: Parameters<typeof props.onChange>[0]) => props.onChange(v, "input") } : props;
  return (
    <GroupFrame props={props}>
      <ChoiceGroup props={group} choices={choices} multiple={Boolean(q.multiple)} layout="fl-pictures" />
      {q.multiple && q.maxSelections ? <p className="fl-hint">{t("pickUpTo", { max: q.maxSelections })}</p> : null}
    </GroupFrame>
  );
}

const optionAt = (q: QuestionOf<"picture-choice">, key: string) => itemAtKey(q.pictures, key);

export const pictureChoiceControl = {
  Field: PictureChoice,
  // A single pick by tap moves an immersive form on, as a choice does (picks of `multiple` never do: see above).
  advancesOnPick: true,
  // A letter (or digit 1–9) picks (or with `multiple` toggles) the picture in that place.
  shortcut: (q, key, ctx) => {
    const option = optionAt(q, key);
    if (!option) return false;
    if (!q.multiple) {
      ctx.pick(option.label, true);
      return true;
    }
    const now = Array.isArray(ctx.value) ? ctx.value : [];
    const next = now.includes(option.label) ? now.filter((l) => l !== option.label) : [...now, option.label];
    ctx.pick(next.length ? next : undefined, false);
    return true;
  },
} satisfies RespondentControl<"picture-choice">;
