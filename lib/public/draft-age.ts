/**
 * How long a respondent's unfinished answers live: the browser's saved draft
 * and the partial response the fl_rid cookie resumes. Past it, a shared
 * device no longer shows them to the next person.
 */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
