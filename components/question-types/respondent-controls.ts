/**
 * The respondent surface of every question type: its control (both modes,
 * and the no-JavaScript post: every input carries `name`) and its immersive
 * keys. The respondent page imports only this map, so builder and analytics
 * code never reach its bundle.
 */
import type { ComponentType } from "react";
import type { QuestionType } from "@/lib/schema/form-schema";
import { dateControl } from "./date/respondent";
import { dropdownControl } from "./dropdown/respondent";
import { fileUploadControl } from "./file-upload/respondent";
import { emailControl } from "./email/respondent";
import { hiddenControl } from "./hidden/respondent";
import { longTextControl } from "./long-text/respondent";
import { multipleChoiceControl } from "./multiple-choice/respondent";
import { npsControl } from "./nps/respondent";
import { numberControl } from "./number/respondent";
import { phoneControl } from "./phone/respondent";
import { ratingControl } from "./rating/respondent";
import { shortTextControl } from "./short-text/respondent";
import { singleChoiceControl } from "./single-choice/respondent";
import { statementControl } from "./statement/respondent";
import { matrixControl } from "./matrix/respondent";
import { rankingControl } from "./ranking/respondent";
import { consentControl } from "./consent/respondent";
import { timeControl } from "./time/respondent";
import { opinionScaleControl } from "./opinion-scale/respondent";
import { pictureChoiceControl } from "./picture-choice/respondent";
import { signatureControl } from "./signature/respondent";
import type { QuestionFieldProps, RespondentControls, ShortcutContext, VisibleQuestion } from "./types";
import { urlControl } from "./url/respondent";
import { yesNoControl } from "./yes-no/respondent";

export const respondentControls = {
  "short-text": shortTextControl,
  "long-text": longTextControl,
  email: emailControl,
  number: numberControl,
  url: urlControl,
  phone: phoneControl,
  "single-choice": singleChoiceControl,
  "multiple-choice": multipleChoiceControl,
  dropdown: dropdownControl,
  rating: ratingControl,
  nps: npsControl,
  "yes-no": yesNoControl,
  date: dateControl,
  statement: statementControl,
  hidden: hiddenControl,
  matrix: matrixControl,
  ranking: rankingControl,
  consent: consentControl,
  time: timeControl,
  "opinion-scale": opinionScaleControl,
  "file-upload": fileUploadControl,
  signature: signatureControl,
  "picture-choice": pictureChoiceControl,
} satisfies RespondentControls;

// The map is keyed by the question's own type, so each entry takes exactly
// that question; TypeScript cannot follow that correlation through a union.
type AnyControl = {
  Field: ComponentType<QuestionFieldProps>;
  advancesOnPick: boolean;
  postsFiles?: boolean;
  shortcut?: (q: VisibleQuestion, key: string, ctx: ShortcutContext) => boolean;
};

/** The control of a question, by its type. */
export const controlOf = (type: QuestionType) => respondentControls[type] as unknown as AnyControl;
