/**
 * Recall: `{{key}}` (a question's or hidden field's key) and `{{score}}` in
 * titles, descriptions, option labels and ending messages show the
 * respondent's answer.
 *
 * The result is TEXT, never HTML: callers render it as a text node (React
 * escapes it), so an answer such as `<script>…` shows as those characters and
 * runs nothing. One pass over the template only: an answer that itself holds
 * `{{other}}` is shown as typed, never expanded.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_-]{0,63})\s*\}\}/g;

/** An answer as words: picks joined by ", ", yes/no, a matrix as "row: column". */
export function answerText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.map(answerText).join(", ");
  if (typeof value === "object") return Object.entries(value).map(([row, picks]) => `${row}: ${answerText(picks)}`).join(", ");
  return String(value);
}

export interface RecallContext {
  /** The keys recall may name (questions and hidden fields); others stay as written. */
  keys: ReadonlySet<string>;
  /** Answers on the path (Map: keys are untrusted input). An unanswered key recalls as "". */
  answers: ReadonlyMap<string, unknown>;
  /** null: the form has no scores ({{score}} stays as written). */
  score: number | null;
}

/** `text` with its placeholders replaced. `{{score}}` means the score even if a question is keyed "score". */
export function recall(text: string, ctx: RecallContext): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, key: string) => {
    if (key === "score") return ctx.score === null ? whole : String(ctx.score);
    if (!ctx.keys.has(key)) return whole;
    return answerText(ctx.answers.get(key));
  });
}
