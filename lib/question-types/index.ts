/**
 * The question types' registry (server/shared side): one folder per type,
 * collected here. `satisfies` makes a missing type or part a compile error.
 * The UI side has its own (components/question-types); the respondent page
 * loads only ./answers.ts.
 */
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { QuestionType } from "./names";
import type { QuestionTypeSpec } from "./spec";
import { spec as shortText } from "./short-text";
import { spec as longText } from "./long-text";
import { spec as email } from "./email";
import { spec as number } from "./number";
import { spec as url } from "./url";
import { spec as phone } from "./phone";
import { spec as singleChoice } from "./single-choice";
import { spec as multipleChoice } from "./multiple-choice";
import { spec as dropdown } from "./dropdown";
import { spec as rating } from "./rating";
import { spec as nps } from "./nps";
import { spec as yesNo } from "./yes-no";
import { spec as date } from "./date";
import { spec as statement } from "./statement";
import { spec as hidden } from "./hidden";
import { spec as matrix } from "./matrix";
import { spec as ranking } from "./ranking";
import { spec as consent } from "./consent";
import { spec as time } from "./time";
import { spec as opinionScale } from "./opinion-scale";
import { spec as fileUpload } from "./file-upload";
import { spec as signature } from "./signature";
import { spec as pictureChoice } from "./picture-choice";

export const questionTypeSpecs = {
  "short-text": shortText,
  "long-text": longText,
  "email": email,
  "number": number,
  "url": url,
  "phone": phone,
  "single-choice": singleChoice,
  "multiple-choice": multipleChoice,
  "dropdown": dropdown,
  "rating": rating,
  "nps": nps,
  "yes-no": yesNo,
  "date": date,
  "statement": statement,
  "hidden": hidden,
  "matrix": matrix,
  "ranking": ranking,
  "consent": consent,
  "time": time,
  "opinion-scale": opinionScale,
  "file-upload": fileUpload,
  "signature": signature,
  "picture-choice": pictureChoice,
} satisfies { [T in QuestionType]: QuestionTypeSpec<QuestionOf<T>> };

/** The spec of a question's type, typed for that question (the map is keyed by the same type). */
export const specOf = <Q extends QuestionOf<QuestionType>>(q: Q) => questionTypeSpecs[q.type] as unknown as QuestionTypeSpec<Q>;

export { questionTypes, type QuestionType, logicOperators, type LogicOperator } from "./names";
