import * as z from "zod/mini";
import type { QuestionOf } from "@/lib/schema/form-schema";
import type { AnswerSchemaOf } from "../answer-spec";
import { oneOf, unique } from "../answer-checks";

// The answer lists every option exactly once, first = rank 1.
export const answer: AnswerSchemaOf<QuestionOf<"ranking">> = (q, { t }) =>
  z.array(oneOf(q.options, t("vRankListed"))).check(
    unique(t("vRankOnce")),
    z.refine((l) => l.length === q.options.length, t("vRankEvery")),
  );
