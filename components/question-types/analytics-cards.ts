/**
 * The analytics surface of every question type: the numbers and the chart
 * that fit it, drawn from the summary's typed entry (lib/analytics/summary.ts
 * SummaryOf<T>). Only the analytics page imports this map.
 */
import type { ComponentType } from "react";
import type { Question } from "@/lib/schema/form-schema";
import { consentCard } from "./consent/analytics";
import { dateCard } from "./date/analytics";
import { dropdownCard } from "./dropdown/analytics";
import { emailCard } from "./email/analytics";
import { hiddenCard } from "./hidden/analytics";
import { longTextCard } from "./long-text/analytics";
import { matrixCard } from "./matrix/analytics";
import { multipleChoiceCard } from "./multiple-choice/analytics";
import { npsCard } from "./nps/analytics";
import { numberCard } from "./number/analytics";
import { opinionScaleCard } from "./opinion-scale/analytics";
import { fileUploadCard } from "./file-upload/analytics";
import { signatureCard } from "./signature/analytics";
import { pictureChoiceCard } from "./picture-choice/analytics";
import { phoneCard } from "./phone/analytics";
import { rankingCard } from "./ranking/analytics";
import { ratingCard } from "./rating/analytics";
import { shortTextCard } from "./short-text/analytics";
import { singleChoiceCard } from "./single-choice/analytics";
import { statementCard } from "./statement/analytics";
import { timeCard } from "./time/analytics";
import { urlCard } from "./url/analytics";
import { yesNoCard } from "./yes-no/analytics";
import type { AnalyticsCardProps, AnalyticsCards } from "./types";

export const analyticsCards = {
  "short-text": shortTextCard,
  "long-text": longTextCard,
  email: emailCard,
  number: numberCard,
  url: urlCard,
  phone: phoneCard,
  "single-choice": singleChoiceCard,
  "multiple-choice": multipleChoiceCard,
  dropdown: dropdownCard,
  rating: ratingCard,
  nps: npsCard,
  "yes-no": yesNoCard,
  date: dateCard,
  statement: statementCard,
  hidden: hiddenCard,
  matrix: matrixCard,
  ranking: rankingCard,
  consent: consentCard,
  time: timeCard,
  "opinion-scale": opinionScaleCard,
  "file-upload": fileUploadCard,
  signature: signatureCard,
  "picture-choice": pictureChoiceCard,
} satisfies AnalyticsCards;

// Keyed by the entry's own type, each Body takes exactly that entry; TypeScript cannot follow that through a union.
type AnyCardProps = { entry: { type: Question["type"]; responses: number; summary: unknown }; question: Question | undefined; title: string };

/** The card body of a summary entry, by its type (null: nothing to chart). */
export const cardBodyOf = (type: Question["type"]) =>
  analyticsCards[type].Body as unknown as ComponentType<AnyCardProps> | null;
export type { AnalyticsCardProps };
