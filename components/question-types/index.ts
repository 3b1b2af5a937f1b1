/**
 * The UI side of the question types: one folder per type
 * (`<type>/respondent.tsx`, `<type>/builder.tsx`, `<type>/analytics.tsx`),
 * collected in one map per surface, each `satisfies Record<QuestionType, …>`
 * so the compiler names the part a new type still lacks:
 *
 * - respondentControls (./respondent-controls): the respondent page, both modes;
 * - builderEditors (./builder-editors): the builder;
 * - analyticsCards (./analytics-cards): the analytics page.
 *
 * Import a surface's map from its own module, never from here: the
 * respondent page must not load builder or analytics code (this index pulls
 * in all three). The server side is lib/question-types.
 */
export { respondentControls } from "./respondent-controls";
export { builderEditors } from "./builder-editors";
export { analyticsCards } from "./analytics-cards";
export type * from "./types";
