/**
 * The respondent-side registry: every type's answer schema (zod/mini), and
 * nothing else, so the respondent page (lib/schema/answers.ts) stays light.
 */
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "./answer-spec";
import type { QuestionType } from "./names";
import { answer as shortText } from "./short-text/answer";
import { answer as longText } from "./long-text/answer";
import { answer as email } from "./email/answer";
import { answer as number } from "./number/answer";
import { answer as url } from "./url/answer";
import { answer as phone } from "./phone/answer";
import { answer as singleChoice } from "./single-choice/answer";
import { answer as multipleChoice } from "./multiple-choice/answer";
import { answer as dropdown } from "./dropdown/answer";
import { answer as rating } from "./rating/answer";
import { answer as nps } from "./nps/answer";
import { answer as yesNo } from "./yes-no/answer";
import { answer as date } from "./date/answer";
import { answer as statement } from "./statement/answer";
import { answer as hidden } from "./hidden/answer";
import { answer as matrix } from "./matrix/answer";
import { answer as ranking } from "./ranking/answer";
import { answer as consent } from "./consent/answer";
import { answer as time } from "./time/answer";
import { answer as opinionScale } from "./opinion-scale/answer";
import { answer as fileUpload } from "./file-upload/answer";
import { answer as signature } from "./signature/answer";
import { answer as pictureChoice } from "./picture-choice/answer";

export const answerSchemas = {
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
} satisfies { [T in QuestionType]: AnswerSchemaOf<QuestionOf<T>> };
