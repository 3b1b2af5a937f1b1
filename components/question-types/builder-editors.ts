/**
 * The builder surface of every question type: its label, what a new one looks
 * like and its settings editor. Only the builder imports this map.
 */
import { dateEditor } from "./date/builder";
import { dropdownEditor } from "./dropdown/builder";
import { emailEditor } from "./email/builder";
import { hiddenEditor } from "./hidden/builder";
import { longTextEditor } from "./long-text/builder";
import { multipleChoiceEditor } from "./multiple-choice/builder";
import { npsEditor } from "./nps/builder";
import { numberEditor } from "./number/builder";
import { phoneEditor } from "./phone/builder";
import { ratingEditor } from "./rating/builder";
import { shortTextEditor } from "./short-text/builder";
import { singleChoiceEditor } from "./single-choice/builder";
import { statementEditor } from "./statement/builder";
import { urlEditor } from "./url/builder";
import { yesNoEditor } from "./yes-no/builder";
import { matrixEditor } from "./matrix/builder";
import { rankingEditor } from "./ranking/builder";
import { consentEditor } from "./consent/builder";
import { timeEditor } from "./time/builder";
import { opinionScaleEditor } from "./opinion-scale/builder";
import { fileUploadEditor } from "./file-upload/builder";
import { signatureEditor } from "./signature/builder";
import { pictureChoiceEditor } from "./picture-choice/builder";
import type { BuilderEditors } from "./types";

export const builderEditors = {
  "short-text": shortTextEditor,
  "long-text": longTextEditor,
  email: emailEditor,
  number: numberEditor,
  url: urlEditor,
  phone: phoneEditor,
  "single-choice": singleChoiceEditor,
  "multiple-choice": multipleChoiceEditor,
  dropdown: dropdownEditor,
  rating: ratingEditor,
  nps: npsEditor,
  "yes-no": yesNoEditor,
  date: dateEditor,
  statement: statementEditor,
  hidden: hiddenEditor,
  matrix: matrixEditor,
  ranking: rankingEditor,
  consent: consentEditor,
  time: timeEditor,
  "opinion-scale": opinionScaleEditor,
  "file-upload": fileUploadEditor,
  signature: signatureEditor,
  "picture-choice": pictureChoiceEditor,
} satisfies BuilderEditors;
