/** Every type's definition schema, in registry order (what questionSchema is the union of). */
import { definition as shortText } from "./short-text";
import { definition as longText } from "./long-text";
import { definition as email } from "./email";
import { definition as number } from "./number";
import { definition as url } from "./url";
import { definition as phone } from "./phone";
import { definition as singleChoice } from "./single-choice";
import { definition as multipleChoice } from "./multiple-choice";
import { definition as dropdown } from "./dropdown";
import { definition as rating } from "./rating";
import { definition as nps } from "./nps";
import { definition as yesNo } from "./yes-no";
import { definition as date } from "./date";
import { definition as statement } from "./statement";
import { definition as hidden } from "./hidden";
import { definition as matrix } from "./matrix";
import { definition as ranking } from "./ranking";
import { definition as consent } from "./consent";
import { definition as time } from "./time";
import { definition as opinionScale } from "./opinion-scale";
import { definition as fileUpload } from "./file-upload";
import { definition as signature } from "./signature";
import { definition as pictureChoice } from "./picture-choice";

export const definitions = [
  shortText,
  longText,
  email,
  number,
  url,
  phone,
  singleChoice,
  multipleChoice,
  dropdown,
  rating,
  nps,
  yesNo,
  date,
  statement,
  hidden,
  matrix,
  ranking,
  consent,
  time,
  opinionScale,
  fileUpload,
  signature,
  pictureChoice,
] as const;
